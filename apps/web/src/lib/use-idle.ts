import { useEffect, useState } from 'react';

/** How long at most a browser busy since the first paint keeps a deferred part waiting. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Runs `callback` when the browser is next idle, or after `timeoutMs` at the latest (at once, in a
 * task of its own, where there is no requestIdleCallback). Returns a cancel.
 */
function whenIdle(callback: () => void, timeoutMs: number = IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 0);
  return () => window.clearTimeout(id);
}

/**
 * False until the browser has been idle once since the component mounted (or IDLE_TIMEOUT_MS passed):
 * a part below the page's first answer (the overview's usage card) starts its requests and code then,
 * not while the page's own first paint is being drawn.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

/**
 * Starts `load`, the import of a part shown only when someone opens it (a dialog), once the browser is
 * idle: not in the screen's first load, and there before it can be opened. `load` must be one function
 * for the component's life (a module's own), or it is asked again at every render.
 */
export function usePreloadWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => whenIdle(() => void load().catch(() => undefined)), [load]);
}
