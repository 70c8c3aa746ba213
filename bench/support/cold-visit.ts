// A cold visit to a portal page, timed in the page's own clock: bench/overview and bench/compare.
import { API_TOKEN_STORAGE_KEY } from '@enq/contract';
import type { Browser, Page } from 'playwright-core';

export interface Timing {
  /** From navigation start, in the page's own clock. */
  inPage: number;
  /** From goto to the same point, seen from here (adds the browser's and Playwright's own time). */
  outside: number;
  /** With `settleMs`: the first contentful paint, in the page's clock. */
  firstPaint?: number;
  /**
   * With `settleMs`: the long tasks' time over 50 ms each (what Lighthouse's TBT adds up, unthrottled)
   * from navigation start until `settleMs` after the element showed.
   */
  blocking?: number;
}

export interface VisitOptions {
  /** Sees the page before it navigates (to watch its responses, say). */
  onPage?: (page: Page) => void;
  /** Stays this long after the element showed, then reads the first paint and the blocking time. */
  settleMs?: number;
  /** The window's width (1280 unless set); 390 is a phone's. */
  width?: number;
}

/**
 * Runs in the page before its scripts: notes, in the page's clock, the frame in which the element
 * `shown` first is in the document, and says so on the console. Playwright's own waiting
 * (waitForFunction) would poll at 20-100 ms steps and first compile its injected script in the page,
 * 50-130 ms of the page's main thread in the middle of the load, which the blank page (timed by its
 * load event) does not pay. A string, not a function: this file runs through tsx, whose helpers a
 * serialized function would take into a page that lacks them.
 */
const SHOWN_MESSAGE = 'bench-shown ';
const noteWhenShown = (testId: string) => `
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-testid="${testId}"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => console.debug(${JSON.stringify(SHOWN_MESSAGE)} + performance.now()));
  }).observe(document, { childList: true, subtree: true });`;

/** Runs in the page before its scripts: keeps every long task's length, read once the visit settles. */
const LONG_TASKS = '__benchLongTasks';
const noteLongTasks = `
  window.${LONG_TASKS} = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.${LONG_TASKS}.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });`;
const readSettled = `({
  firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  blocking: window.${LONG_TASKS}.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
})`;

/**
 * A cold visit: a new context (empty cache, a new renderer) signed in by the API token the portal
 * keeps in local storage, so the sign-in redirect is not part of the figure. With `shown`, until that
 * element is painted; without, until the load event (the blank page).
 */
export async function coldVisit(
  browser: Browser,
  url: string,
  token: string,
  shown?: string,
  { onPage, settleMs, width = 1280 }: VisitOptions = {},
): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(
    ([key, t]) => window.localStorage.setItem(key!, t!),
    [API_TOKEN_STORAGE_KEY, token],
  );
  if (shown) await context.addInitScript({ content: noteWhenShown(shown) });
  if (settleMs !== undefined) await context.addInitScript({ content: noteLongTasks });
  const page = await context.newPage();
  onPage?.(page);
  const painted = shown
    ? page.waitForEvent('console', {
        predicate: (message) => message.text().startsWith(SHOWN_MESSAGE),
        timeout: 30_000,
      })
    : null;
  const started = performance.now();
  await page.goto(url, { waitUntil: shown ? 'commit' : 'load' });
  const inPage = painted
    ? Number((await painted).text().slice(SHOWN_MESSAGE.length))
    : await page.evaluate(
        () => performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd as number,
      );
  const outside = performance.now() - started;
  const timing: Timing = { inPage, outside };
  if (settleMs !== undefined) {
    // Waited for here, not in the page: Playwright's waiting would add its own script's long task.
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const settled = (await page.evaluate(readSettled)) as { firstPaint: number | null; blocking: number };
    timing.firstPaint = settled.firstPaint ?? undefined;
    timing.blocking = settled.blocking;
  }
  await context.close();
  return timing;
}
