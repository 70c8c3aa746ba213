import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import type { Route } from 'playwright-core';
import { signIn, type Page } from './support/browser';
import { useJourney } from './support/journey';

/**
 * What a person types the moment a screen shows must land, whatever of the screen is still loading:
 * every box in the screen is clicked as soon as it is there, its text selected with Ctrl+A and
 * replaced, and it must then hold exactly what was typed. Code the page asks for while someone types
 * (a calendar, a dialog) is held back until they have typed, as a slow connection would: it must not
 * take the focus or the keystrokes. Call History's date boxes are named even before they can be typed
 * in: a box shown before its calendar's code has arrived must not take the keystrokes meant for it.
 */
const DATE_BOXES = ['Start date', 'End date'];
const TYPED_DATE = 'November 21, 2026 9:00 AM';

/** Text a box of this kind keeps exactly as typed. */
function typedFor(type: string, n: number): string {
  if (type === 'email') return `typed${n}@example.com`;
  if (type === 'number') return String(40 + n);
  if (type === 'tel') return `20755501${String(n).padStart(2, '0')}`;
  return `Typed ${n}`;
}

interface Box {
  key: string;
  type: string;
  date: boolean;
}

/** The boxes in the screen now, in order, search boxes last (they filter away the rest). */
const boxesIn = (page: Page, dateLabels: string[]) =>
  page.locator('main').evaluate((main, labels) => {
    const labelOf = (el: HTMLElement) =>
      el.id ? (document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent ?? '') : '';
    const found: { key: string; type: string; date: boolean; search: boolean }[] = [];
    main.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea').forEach((el, i) => {
      const type = el instanceof HTMLInputElement ? el.type : 'textarea';
      // A native date box takes its parts from a picker or digits, not text (the pause's resume date).
      if (
        ['hidden', 'checkbox', 'radio', 'file', 'button', 'submit', 'range', 'color', 'date'].includes(type)
      )
        return;
      const date = labels.includes(labelOf(el).trim());
      if (!date && (el.readOnly || el.disabled)) return;
      if (el.getClientRects().length === 0) return;
      el.dataset.typingKey ??= `box-${i}-${Math.random().toString(36).slice(2)}`;
      found.push({ key: el.dataset.typingKey, type, date, search: type === 'search' });
    });
    return found.sort((a, b) => Number(a.search) - Number(b.search));
  }, dateLabels);

async function typeInto(page: Page, box: Box, text: string): Promise<string | null> {
  const target = page.locator(`[data-typing-key="${box.key}"]`);
  if ((await target.count()) === 0) return null; // drawn again for another row, or filtered away
  await target.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  // Read from the box that has the focus: a box replaced meanwhile is not the one typed into.
  return page.evaluate(() => {
    const active = document.activeElement;
    return active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
      ? active.value
      : `(the focus went to ${active?.tagName ?? 'nothing'})`;
  });
}

describe('typing the moment a screen shows (Chromium against the real server)', () => {
  const journey = useJourney();

  it('every box on every screen holds exactly what was typed, Call History dates included', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByTestId('subscription-summary').waitFor();
    // Every screen the sidebar offers.
    const sidebar = page.getByRole('navigation', { name: 'Account' }).getByRole('link');
    const paths = await sidebar.evaluateAll((links) =>
      links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    );
    expect(paths).toHaveLength(12);

    const typedIn: Record<string, number> = {};
    for (const path of paths) {
      const visit = await page.context().newPage();
      journey.watch(visit);
      let holding = false;
      const held: (() => void)[] = [];
      // A request let go after its page has closed fails, with nobody left to care.
      const go = (route: Route) => void route.continue().catch(() => undefined);
      await visit.route(/\/assets\/.+\.js$/, (route) =>
        holding ? void held.push(() => go(route)) : go(route),
      );
      await visit.goto(`${server.url}${path}`);
      const done = new Set<string>();
      const typed = new Map<string, string>();
      let settled = false;
      let n = 0;
      // Boxes drawn later (a page's further rows, the calendar's box) are typed in as they appear,
      // until the page has nothing more on its way and no box is left.
      for (;;) {
        const boxes = (await boxesIn(visit, path === '/call-history' ? DATE_BOXES : [])).filter(
          (box) => !done.has(box.key),
        );
        if (boxes.length === 0) {
          if (settled) break;
          await visit.waitForLoadState('networkidle');
          settled = true;
          continue;
        }
        settled = false;
        holding = true;
        for (const box of boxes) {
          done.add(box.key);
          const text = box.date ? TYPED_DATE : typedFor(box.type, n++);
          const value = await typeInto(visit, box, text);
          if (value === null) continue;
          expect(value, `${path}: a ${box.type} box`).toBe(text);
          typed.set(box.key, text);
          typedIn[path] = (typedIn[path] ?? 0) + 1;
        }
        holding = false;
        held.splice(0).forEach((release) => release());
      }
      // What arrived afterwards left the boxes still there as they were typed.
      const now = await visit
        .locator('[data-typing-key]')
        .evaluateAll((boxes) =>
          boxes.map(
            (box) => [(box as HTMLElement).dataset.typingKey!, (box as HTMLInputElement).value] as const,
          ),
        );
      for (const [key, value] of now) if (typed.has(key)) expect(value, path).toBe(typed.get(key));
      await visit.close();
    }
    // The screens with boxes to type in were all reached.
    for (const path of ['/profile', '/billing', '/users', '/call-history', '/subscription'])
      expect(typedIn[path], path).toBeGreaterThan(0);
    expect(typedIn['/call-history']).toBeGreaterThanOrEqual(DATE_BOXES.length);
    expect(journey.problems).toEqual([]);
  });

  it('the page runs on React DOM, the version the unit tests render with', async () => {
    const { server, browser } = journey;
    const { version } = JSON.parse(
      readFileSync(new URL('../../../node_modules/react-dom/package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    const context = await browser.newContext();
    // React DOM names itself to a developer-tools hook when it starts, if the page has one.
    await context.addInitScript(() => {
      const renderers: unknown[] = [];
      Object.assign(window, {
        __renderers: renderers,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          supportsFiber: true,
          inject: (renderer: unknown) => renderers.push(renderer) && 1,
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
        },
      });
    });
    const visit = await context.newPage();
    await visit.goto(`${server.url}/`);
    await signIn(visit, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await visit.getByTestId('subscription-summary').waitFor();
    const renderers = await visit.evaluate(() =>
      (
        window as unknown as { __renderers: { rendererPackageName: string; version: string }[] }
      ).__renderers.map(({ rendererPackageName, version }) => ({ rendererPackageName, version })),
    );
    expect(renderers).toEqual([{ rendererPackageName: 'react-dom', version }]);
    expect(version).toMatch(/^19\./);
    await context.close();
  });
});
