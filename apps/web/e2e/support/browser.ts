import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, never a downloaded browser build. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

const shotsDir = fileURLToPath(new URL('../../../../test-results/screenshots/', import.meta.url));

export async function screenshot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

export async function signIn(page: Page, email: string, password: string) {
  await page.waitForURL(/\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('apiToken'));

/** Serious and critical accessibility violations on the page as it stands. */
export async function seriousAxeViolations(page: Page) {
  // Toasts fade in and out: mid-animation their text is part-transparent, which axe reads as low contrast.
  const { violations } = await new AxeBuilder({ page })
    .exclude('.Toastify')
    .options({ resultTypes: ['violations'] })
    // One axe.run in the page: half the time of a run per frame finished in a new blank tab (the axe
    // journey 98 s against 53 s). It skips frames of another origin, such as the feature-request form,
    // so a page with frames gets the full run.
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Where an element rests once its own entry animations (a toast sliding in) have finished; its children's
 * are left alone (a toast's hidden progress bar runs for as long as the toast shows).
 */
export async function restingBox(locator: Locator) {
  await locator.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  return (await locator.boundingBox())!;
}

export type { Browser, BrowserContext, Page };

/** Uncaught errors and Content-Security-Policy refusals on a page, collected for a final assertion. */
export function watchPageProblems(page: Page, problems: string[] = []): string[] {
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  return problems;
}
