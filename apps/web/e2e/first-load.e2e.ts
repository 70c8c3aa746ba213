import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { START_FEATURE } from '../build/chunks';
import { signIn } from './support/browser';
import { useJourney } from './support/journey';

/** What a cold visit of a signed-in person asked for until the screen showed. */
interface FirstLoad {
  scripts: string[];
  styles: string[];
  api: string[];
  /** When the screen's element was first in the document, in the page's clock. */
  shownAt: number;
}

// Notes, in the page's clock, when the element a cold visit waits for is first in the document.
const noteShown = (testId: string) => `new MutationObserver((_, observer) => {
  if (!document.querySelector('[data-testid="${testId}"]')) return;
  window.__shownAt = performance.now();
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });`;

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
    await cold.addInitScript(noteShown(shown));
    const visit = await cold.newPage();
    journey.watch(visit);
    const load: FirstLoad = {
      scripts: [],
      styles: [],
      api: [],
      shownAt: 0,
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
    await visit.goto(`${server.url}${path}`);
    await visit.getByTestId(shown).first().waitFor();
    load.shownAt = await visit.evaluate<number>('window.__shownAt');
    done = true;
    await cold.close();
    return load;
  }

  it.each([
    ['/', 'overview', 'subscription-summary', '/api/v1/account/'],
    ['/call-history', 'call-history', 'call-row', '/api/v1/account/calls/dates/'],
    ['/users', 'users', 'user-row', '/api/v1/account/users/'],
    ['/invoices', 'invoices', 'invoice-row', '/api/v1/account/invoices/'],
    // Other spellings of a screen's path, which the router shows as that screen: the same first load.
    ['/USERS/', 'users', 'user-row', '/api/v1/account/users/'],
    ['/%69nvoices', 'invoices', 'invoice-row', '/api/v1/account/invoices/'],
  ])(
    "on %s each answer is asked once, the screen's code and no other screen's, no script or stylesheet twice",
    async (path, screen, shown, first) => {
      const load = await coldVisit(path, shown);
      // The start screen's code is part of the `shell` chunk (build/chunks.ts), the others' their own.
      const code = screen === START_FEATURE ? '/shell-' : `/${screen}-route-`;
      expect(load.scripts.some((src) => src.includes(code))).toBe(true);
      if (path === '/') {
        // Nor another screen's code: the overview fetches nothing of Call History's.
        expect(load.scripts.filter((src) => src.includes('/call-history'))).toEqual([]);
        // One round of requests: over HTTP/1.1 a browser asks at most 6 files of one server at once,
        // and 20 small files had the overview wait for three rounds.
        expect(load.scripts.length, load.scripts.join(' ')).toBeLessThanOrEqual(6);
      }
      expect(load.shownAt).toBeGreaterThan(0);
      // Sign-in and the screen's first answer, asked by the boot, are not asked again by the screen.
      expect(load.api.filter((asked) => asked === 'GET /api/v1/auth/me')).toHaveLength(1);
      expect(load.api.filter((asked) => asked === `GET ${first}`)).toHaveLength(1);
      // Nor is anything else asked twice.
      expect(load.api.filter((asked, i) => load.api.indexOf(asked) !== i)).toEqual([]);
      expect(new Set(load.scripts).size).toBe(load.scripts.length);
      expect(new Set(load.styles).size).toBe(load.styles.length);
    },
  );
});
