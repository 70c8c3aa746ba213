import { PUBLIC_CONFIG_ELEMENT_ID } from '@enq/contract';

/** The config the server wrote into the page, unchecked, or undefined (the dev server's page has none). */
export function embeddedConfig(): unknown {
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // asked of the server instead
  }
}
