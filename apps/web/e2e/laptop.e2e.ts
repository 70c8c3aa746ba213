import { BANNER_TEXT } from '@enq/contract';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { CALL_DATE_DISPLAY_FORMAT } from '../src/features/call-history/call-history-settings';
import { PORTAL_ROUTES } from '../src/lib/portal-routes';
import { screenshot, signIn, type Page } from './support/browser';
import { useJourney } from './support/journey';

/**
 * How a page's table and fields sit at 1280 px: how far the table scrolls sideways, and the fields
 * (inputs, selects) whose text is wider than the field, so part of it is hidden. `mustHold` names, by
 * selector, texts the matching fields must also show in full: values other days would put there.
 */
function laptopFit(
  page: Page,
  tableSelector: string,
  fieldSelector: string,
  mustHold: Record<string, string[]> = {},
) {
  return page.evaluate(
    ([table, fields, extra]) => {
      const box = document.querySelector(table)!.parentElement!;
      // Whether the field's text area, inside its padding, is narrower than one of the texts drawn in
      // the field's own font.
      const tooNarrow = (el: HTMLElement, texts: string[]) => {
        const style = getComputedStyle(el);
        const probe = document.createElement('span');
        probe.style.font = style.font;
        probe.style.position = 'absolute';
        probe.style.whiteSpace = 'nowrap';
        document.body.append(probe);
        const widest = Math.max(
          ...texts.map((text) => {
            probe.textContent = text;
            return probe.getBoundingClientRect().width;
          }),
        );
        probe.remove();
        return widest > el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) + 1;
      };
      const cut = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(fields)]
        .filter((el) => {
          const others = Object.entries(extra).flatMap(([selector, texts]) =>
            el.matches(selector) ? texts : [],
          );
          if (others.length > 0 && tooNarrow(el, others)) return true;
          // A select's text is its chosen option's.
          if (el instanceof HTMLSelectElement)
            return tooNarrow(el, [el.selectedOptions[0]?.textContent ?? '']);
          return el.scrollWidth > el.clientWidth + 1;
        })
        .map((el) => el.getAttribute('aria-label') ?? el.id);
      return { sideways: box.scrollWidth - box.clientWidth, cut };
    },
    [tableSelector, fieldSelector, mustHold] as const,
  );
}

/** A date in each month, with two-digit day and hour: the longest texts the pickers' format gives. */
const WIDEST_PICKER_DATES = Array.from({ length: 12 }, (_, month) =>
  format(new Date(2026, month, 28, 22, 45), CALL_DATE_DISPLAY_FORMAT),
);

describe('the portal at 1280 px (Chromium against the real server)', () => {
  const journey = useJourney();

  it('Users: every email and hold-music name reads in full, and the table needs no sideways scroll', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/users`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/users`);
    await page.getByTestId('user-row').nth(9).waitFor(); // every row of the page, not the first four
    expect(await laptopFit(page, 'table', '[data-testid="user-row"] input, table select')).toEqual({
      sideways: 0,
      cut: [],
    });
    // The admin's email breaks, if at all, at the @.
    expect(await page.getByTestId('admin-row').locator('wbr').count()).toBe(1);
    await screenshot(page, 'laptop-users-1280');
  });

  it('Call History: the filters and the table fit, with no sideways scroll', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/call-history`);
    await page.getByTestId('call-row').first().waitFor();
    // Whatever today's range: "September 28, 2026 10:45 PM" reads in full too.
    expect(WIDEST_PICKER_DATES).toContain('September 28, 2026 10:45 PM');
    expect(
      await laptopFit(page, 'table', 'form input, form select, section input, section select', {
        '#call-start, #call-end': WIDEST_PICKER_DATES,
      }),
    ).toEqual({ sideways: 0, cut: [] });
    await screenshot(page, 'laptop-call-history-1280');
  });

  it('Call History on a narrower laptop window (1100 px): the table still fits, every column in view', async () => {
    const { server, page } = journey;
    await page.setViewportSize({ width: 1100, height: 900 });
    try {
      await page.goto(`${server.url}/call-history`);
      await page.getByTestId('call-row').first().waitFor();
      expect((await laptopFit(page, 'table', 'table input')).sideways).toBe(0);
      // The time stamp may break between its date and its time, never inside either.
      const stamp = page.getByTestId('call-row').first().locator('td').first();
      expect(await stamp.locator('span.whitespace-nowrap').allTextContents()).toEqual([
        expect.stringMatching(/^\d\d\/\d\d\/\d{4}$/),
        expect.stringMatching(/^\d\d:\d\d:\d\d [AP]M$/),
      ]);
      await screenshot(page, 'laptop-call-history-1100');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('every screen at 1280 and 1100 px: neither the page nor a table on it scrolls sideways', async () => {
    const { server, page } = journey;
    /** How far the page would scroll sideways, and which boxes on it do. */
    const sideways = () =>
      page.evaluate(() => {
        const root = document.documentElement;
        const boxes = [...document.querySelectorAll<HTMLElement>('main *')].filter(
          (el) =>
            ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) &&
            el.scrollWidth > el.clientWidth + 1,
        );
        return {
          page: root.scrollWidth - root.clientWidth,
          boxes: boxes.map(
            (el) => el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.tagName,
          ),
        };
      });
    const seen: Record<string, unknown> = {};
    for (const width of [1280, 1100]) {
      await page.setViewportSize({ width, height: 900 });
      for (const route of PORTAL_ROUTES) {
        await page.goto(`${server.url}${route.path}`);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(route.title);
        await page.waitForLoadState('networkidle');
        await expect.poll(() => page.locator('main .animate-pulse').count()).toBe(0);
        const found = await sideways();
        if (found.page > 0 || found.boxes.length > 0) seen[`${width} ${route.path}`] = found;
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(seen).toEqual({});
  });

  it('SHELL-15 the sidebar at 1024, 1100 and 1280 px: the twelve screens named on screen, in order, inside it', async () => {
    const { server, page } = journey;
    const sidebar = page.getByRole('navigation', { name: 'Account' });
    const users = sidebar.getByRole('link', { name: 'Users' });
    try {
      for (const [width, sidebarWidth] of [
        [1024, 96],
        [1100, 96],
        [1280, 256],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}/users`);
        await page.getByTestId('user-row').first().waitFor();
        const aside = (await page.locator('aside').boundingBox())!;
        expect(aside.width).toBe(sidebarWidth);
        // What a sighted person reads (innerText skips what is hidden), each name whole inside the sidebar.
        const names = await sidebar.getByRole('link').evaluateAll((links) =>
          links.map((link) => {
            const label = link.querySelector('span')!;
            const box = label.getBoundingClientRect();
            const clipped = label.scrollWidth > label.clientWidth + 1;
            return { text: (link as HTMLElement).innerText.replace(/\s+/g, ' '), box, clipped };
          }),
        );
        expect(names.map((name) => name.text)).toEqual(PORTAL_ROUTES.map((route) => route.label));
        for (const { text, box, clipped } of names) {
          expect(box.width, `${text} at ${width} px`).toBeGreaterThan(20);
          expect(box.height, `${text} at ${width} px`).toBeGreaterThan(10);
          expect(box.left >= aside.x && box.right <= aside.x + aside.width, `${text} inside`).toBe(true);
          expect(clipped, `${text} clipped at ${width} px`).toBe(false);
        }
        await expect.poll(() => users.getAttribute('aria-current')).toBe('page');
      }
      await page.setViewportSize({ width: 1100, height: 900 });
      await screenshot(page, 'laptop-users-1100');
      await page.setViewportSize({ width: 1024, height: 768 });
      await screenshot(page, 'laptop-users-1024');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('Overview: the payment alerts are one panel with one primary action', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/`);
    const alerts = page.getByRole('region', { name: 'Account alerts' });
    await alerts.getByText(BANNER_TEXT.invoiceOutstanding).waitFor();
    const panels = alerts.getByRole('alert');
    expect(await panels.count()).toBe(1);
    expect(await panels.getByRole('listitem').count()).toBe(3);
    expect(await panels.getByRole('link').allTextContents()).toEqual(['Pay invoice', 'Update card']);
  });
});
