import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { signIn } from './support/browser';
import { useJourney } from './support/journey';

/** What a cold visit of a signed-in person asked for until the screen showed. */
interface FirstLoad {
  html: string;
  scripts: string[];
  styles: string[];
  api: string[];
  /** Intl number and date formatters made, directly or by toLocale*: a renderer's first loads ICU's data. */
  intl: string[];
  /** When the screen's element was first in the document, in the page's clock. */
  shownAt: number;
  /** When the toasts' library (lib/toast-library.ts) was asked for, if it was by then. */
  toastsAskedAt: number[];
}

// Notes, in the page's clock, when the element a cold visit waits for is first in the document.
const noteShown = (testId: string) => `new MutationObserver((_, observer) => {
  if (!document.querySelector('[data-testid="${testId}"]')) return;
  window.__shownAt = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });`;
const TOAST_LIBRARY = '/toast-library-';

// Counts Intl's number and date formatters, and the toLocale* calls that make one, as the page makes
// them, from before its first script (src/test/intl-uses.ts counts the same in the unit tests).
const COUNT_INTL = `window.__intl = [];
for (const name of ['NumberFormat', 'DateTimeFormat']) {
  const Original = Intl[name];
  const Counted = function (...args) { window.__intl.push(name + ' ' + JSON.stringify(args)); return new Original(...args); };
  Counted.prototype = Original.prototype;
  Counted.supportedLocalesOf = Original.supportedLocalesOf;
  Intl[name] = Counted;
}
for (const [owner, method] of [[Number.prototype, 'toLocaleString'], [Date.prototype, 'toLocaleString'],
  [Date.prototype, 'toLocaleDateString'], [Date.prototype, 'toLocaleTimeString']]) {
  const original = owner[method];
  owner[method] = function (...args) { window.__intl.push(method + ' ' + JSON.stringify(args)); return original.apply(this, args); };
}`;

describe('the first load of a screen (Chromium against the real server and its build)', () => {
  const journey = useJourney();

  async function coldVisit(path: string, shown: string): Promise<FirstLoad> {
    const { server, browser, context, page } = journey;
    if (!page.url().startsWith(server.url)) {
      await page.goto(`${server.url}/`);
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.waitForURL(`${server.url}/`);
      await page.getByTestId('subscription-summary').waitFor();
    }
    const cold = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      storageState: await context.storageState(),
    });
    await cold.addInitScript(COUNT_INTL);
    await cold.addInitScript(noteShown(shown));
    const visit = await cold.newPage();
    journey.watch(visit);
    const load: FirstLoad = {
      html: '',
      scripts: [],
      styles: [],
      api: [],
      intl: [],
      shownAt: 0,
      toastsAskedAt: [],
    };
    let done = false;
    visit.on('request', (request) => {
      if (done) return;
      const url = new URL(request.url());
      const asked = `${url.pathname}${url.search}`;
      if (request.resourceType() === 'script') load.scripts.push(asked);
      if (request.resourceType() === 'stylesheet') load.styles.push(asked);
      if (url.pathname.startsWith('/api/')) load.api.push(`${request.method()} ${asked}`);
    });
    const document = await visit.goto(`${server.url}${path}`);
    load.html = (await document!.text()).split('</head>')[0]!;
    await visit.getByTestId(shown).first().waitFor();
    load.intl = await visit.evaluate<string[]>('window.__intl');
    load.shownAt = await visit.evaluate<number>('window.__shownAt');
    load.toastsAskedAt = await visit.evaluate<number[]>(
      `performance.getEntriesByType('resource').filter((e) => e.name.includes('${TOAST_LIBRARY}')).map((e) => e.startTime)`,
    );
    done = true;
    await cold.close();
    return load;
  }

  /** The files the page's head names for loading: its script and everything it preloads. */
  const named = (html: string, rel: string) =>
    [...html.matchAll(new RegExp(`<(?:link rel="${rel}"|script)[^>]*(?:href|src)="([^"]+)"`, 'g'))].map(
      ([, href]) => href!,
    );

  it.each([
    ['/', 'overview', 'subscription-summary', '/api/v1/account/'],
    ['/call-history', 'call-history', 'call-row', '/api/v1/account/calls/dates/'],
    ['/users', 'users', 'user-row', '/api/v1/account/users/'],
    ['/invoices', 'invoices', 'invoice-row', '/api/v1/account/invoices/'],
    // Other spellings of a screen's path, which the router shows as that screen: the same first load.
    ['/USERS/', 'users', 'user-row', '/api/v1/account/users/'],
    ['/%69nvoices', 'invoices', 'invoice-row', '/api/v1/account/invoices/'],
  ])(
    'on %s every script is named by the page it arrives in, each answer is asked once, no stylesheet is fetched twice and no Intl formatter is made',
    async (path, screen, shown, first) => {
      const load = await coldVisit(path, shown);
      const scripts = named(load.html, 'modulepreload');
      expect(scripts.some((src) => src.includes(`/${screen}-route-`))).toBe(true);
      // Nor another screen's code: the overview fetches nothing of Call History's.
      if (path === '/') expect(load.scripts.filter((src) => src.includes('/call-history'))).toEqual([]);
      // Nothing found only once code has run: everything it needed was asked beside the entry.
      // The toasts' library is no part of it (its code names its container's class): it is asked for
      // once the screen has shown and settled.
      const bodies = await Promise.all(
        scripts.map(async (src) => (await fetch(`${journey.server.url}${src}`)).text()),
      );
      expect(scripts.filter((_, i) => bodies[i]!.includes('Toastify__toast-container'))).toEqual([]);
      expect(load.scripts.filter((src) => !scripts.includes(src) && !src.includes(TOAST_LIBRARY))).toEqual(
        [],
      );
      expect(load.shownAt).toBeGreaterThan(0);
      expect(load.toastsAskedAt.filter((at) => at <= load.shownAt)).toEqual([]);
      // Sign-in and the screen's first answer, asked before the app's code arrived, are not asked again.
      expect(load.api.filter((asked) => asked === 'GET /api/v1/auth/me')).toHaveLength(1);
      expect(load.api.filter((asked) => asked === `GET ${first}`)).toHaveLength(1);
      // Nor is anything else asked twice.
      expect(load.api.filter((asked, i) => load.api.indexOf(asked) !== i)).toEqual([]);
      // The entry's stylesheet is inside the page: only the screen's own, which the page preloads, and
      // the toasts' library's, which comes with it once the screen has settled (checked above).
      const styles = load.styles.filter((href) => !href.includes(TOAST_LIBRARY));
      expect(styles.filter((href) => !named(load.html, 'preload').includes(href))).toEqual([]);
      expect(new Set(load.styles).size).toBe(load.styles.length);
      // Money, credits and New York's dates are written without Intl until the screen shows.
      expect(load.intl).toEqual([]);
    },
  );
});
