import { useEffect, useState } from 'react';

/** How long at most a browser busy since the first paint keeps a deferred part waiting. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * False until the browser has been idle once since the component mounted (or IDLE_TIMEOUT_MS passed):
 * a part below the page's first answer (the overview's usage card) starts its requests and code then,
 * not while the page's own first paint is being drawn.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 0);
    return () => window.clearTimeout(id);
  }, []);
  return idle;
}
