import { CALL_COLUMNS, USAGE_TEXT, USERS_PATHS } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { screenshot, signIn, type Page } from './support/browser';
import { useJourney } from './support/journey';

const PHONE = { width: 390, height: 844 };

/**
 * How a page sits on a phone: how far it scrolls sideways, how many rows it shows, and the text or
 * controls of those rows that lie outside the window (cut off or reachable only by scrolling sideways).
 */
function phoneFit(page: Page, rowSelector: string) {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const rows = [...document.querySelectorAll(selector)];
    const outside: string[] = [];
    for (const row of rows) {
      for (const el of row.querySelectorAll<HTMLElement>('*')) {
        const leaf = el.childElementCount === 0 && (el.textContent ?? '').trim() !== '';
        const control = el.matches('button, input, select, a');
        if (!leaf && !control) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (box.left < -1 || box.right > width + 1)
          outside.push(`${el.tagName} ${(el.textContent || el.getAttribute('aria-label') || '').trim()}`);
      }
    }
    return {
      sideways: document.documentElement.scrollWidth - width,
      rows: rows.length,
      outside: outside.slice(0, 5),
    };
  }, rowSelector);
}

describe('the portal on a 390 px phone (Chromium against the real server)', () => {
  const journey = useJourney({ viewport: PHONE });

  it('Users: every row is a card with its PIN, name, email, hold music and actions on screen', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/users`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/users`);
    await page.getByTestId('user-row').nth(9).waitFor(); // every card of the page, not the first four
    const fit = await phoneFit(page, '[data-testid="admin-row"], [data-testid="user-row"]');
    expect(fit).toEqual({ sideways: 0, rows: 11, outside: [] });
    // Compact cards: three lines each (they were seven label lines, about 300 px), every email whole in
    // its field, each select box level with its user's name, and no column names shouted in capitals.
    const cards = await page
      .locator('[data-testid="admin-row"], [data-testid="user-row"]')
      .evaluateAll((rows) =>
        rows.map((row) => {
          const mid = (el: Element | null) => {
            const box = el!.getBoundingClientRect();
            return box.top + box.height / 2;
          };
          const box = row.querySelector('input[type="checkbox"]');
          // The third cell is the name: a field, or the admin's name as text.
          const name = row.querySelector('td:nth-child(3) input, td:nth-child(3) span');
          const email = row.querySelector<HTMLInputElement>('input[type="email"]');
          return {
            height: Math.round(row.getBoundingClientRect().height),
            offset: Math.abs(mid(box) - mid(name)),
            emailCut: email ? email.scrollWidth > email.clientWidth + 1 : false,
            // Stacked tables write each column's name before its cell ('SELECT', 'DELETE', ...).
            labels: [...(row as HTMLTableRowElement).cells].filter(
              (td) => getComputedStyle(td, '::before').content !== 'none',
            ).length,
          };
        }),
      );
    for (const card of cards) {
      expect(card.height).toBeLessThanOrEqual(150);
      expect(card.offset).toBeLessThanOrEqual(2);
      expect(card.emailCut).toBe(false);
      expect(card.labels).toBe(0);
    }
    const first = page.getByTestId('user-row').first();
    expect(await first.getByRole('button', { name: 'Delete user' }).getAttribute('title')).toBe(
      'Delete user',
    );
    expect(await first.getByRole('button', { name: /^Edit / }).isVisible()).toBe(true);
    await screenshot(page, 'phone-users-390');

    // A user added on the phone (through the dialog) and saved: her PIN is shown, and emailed on request.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add new user' });
    await add.getByLabel('Full name').fill('Paula Phone');
    await add.getByLabel('Email').fill('paula.phone@harborpinetax.com');
    await add.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm User List Changes' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    const offer = page.getByRole('dialog', { name: "New user's PIN" });
    const pin = await page.evaluate(async (path) => {
      const token = window.localStorage.getItem('apiToken');
      const data = await (await fetch(path, { headers: { Authorization: `Bearer ${token}` } })).json();
      return (data.users as { email: string; pin_number: string }[]).find(
        (u) => u.email === 'paula.phone@harborpinetax.com',
      )!.pin_number;
    }, `/api/v1/account${USERS_PATHS.users}`);
    expect(await offer.getByRole('listitem').textContent()).toBe(
      `Paula Phone (paula.phone@harborpinetax.com)PIN ${pin}`,
    );
    // The dialog and both its buttons on the phone's screen.
    const send = offer.getByRole('button', { name: 'Send PIN email' });
    const box = (await send.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(await offer.getByRole('button', { name: 'Not now' }).isVisible()).toBe(true);
    await screenshot(page, 'phone-users-new-pin-390');
    await send.click();
    await page.getByText('PIN email sent to paula.phone@harborpinetax.com.').first().waitFor();
    await offer.waitFor({ state: 'detached' });
  });

  it('Call History: every call is a card with its credits on screen', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/call-history`);
    await page.getByLabel('Date range').selectOption('last-30-days');
    await page.getByTestId('call-row').first().waitFor();
    const fit = await phoneFit(page, '[data-testid="call-row"]');
    expect(fit.sideways).toBe(0);
    expect(fit.rows).toBeGreaterThan(0);
    expect(fit.outside).toEqual([]);
    // Compact cards (a seven-line label list was about 220-285 px a call): three lines, each value on
    // screen and its column's name for a screen reader.
    const cards = await page.getByTestId('call-row').evaluateAll((rows) =>
      rows.map((row) => ({
        height: row.getBoundingClientRect().height,
        names: [...row.querySelectorAll('.sr-only')].map((name) => name.textContent),
      })),
    );
    for (const card of cards) {
      expect(card.height).toBeLessThanOrEqual(120);
      expect(card.names.sort()).toEqual(CALL_COLUMNS.map((column) => `${column}: `).sort());
    }
    await screenshot(page, 'phone-call-history-390');
  });

  it('Call History: the usage chart is one tap from the top, its totals there before it is reached and its bars drawn on arrival', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/call-history`);
    await page.getByLabel('Date range').selectOption('last-30-days');
    await page.getByTestId('call-row').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const panel = page.getByRole('region', { name: USAGE_TEXT.title });
    // Not scrolled to: its answer comes once the browser is idle after the calls.
    await panel.locator('figcaption').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const link = page.getByRole('link', { name: USAGE_TEXT.title, exact: true });
    expect((await link.boundingBox())!.y).toBeLessThan(PHONE.height);
    const before = page.url();
    await link.click();
    await expect.poll(async () => (await panel.boundingBox())!.y).toBeLessThan(PHONE.height / 2);
    expect((await panel.boundingBox())!.y).toBeGreaterThanOrEqual(64); // below the sticky header
    expect(await panel.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(page.url()).toBe(before);
    await panel.locator('.recharts-bar-rectangle').first().waitFor();
    await screenshot(page, 'phone-call-history-usage-390');
  });

  it('Invoices: every invoice is a card with its amount, status and actions on screen', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/invoices`);
    await page.getByRole('table', { name: 'Invoices' }).waitFor();
    const fit = await phoneFit(page, 'table tbody tr');
    expect(fit.sideways).toBe(0);
    expect(fit.rows).toBeGreaterThan(0);
    expect(fit.outside).toEqual([]);
    await screenshot(page, 'phone-invoices-390');
  });

  it('Call History: a date typed key by key into the picker keeps the focus and one history entry', async () => {
    const { server, page } = journey;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/call-history`);
    await page.getByTestId('call-row').first().or(page.getByText('No calls found')).first().waitFor();
    const historyLength = await page.evaluate(() => window.history.length);
    const start = page.getByLabel('Start date');
    await start.click();
    // The tap puts the calendar's box in place of the read-only one, focused (DateTimePicker).
    await page.locator('#call-start:not([readonly])').waitFor();
    await start.press('ControlOrMeta+a');
    await start.press('Backspace');
    // Key by key, as a person types: each partial text that reads as a date is a change of its own.
    await start.pressSequentially('March 2, 2026 9:15 AM');
    expect(await start.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await start.inputValue()).toBe('March 2, 2026 9:15 AM');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('from'))
      .toBe(String(Date.UTC(2026, 2, 2, 14, 15) / 1000));
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength);
    expect(await page.getByLabel('Date range').inputValue()).toBe('custom');
  });

  it('Users: with Show All over 100 users, Add at 1280 px scrolls to the new row and focuses its name', async () => {
    const { server, page } = journey;
    await page.setViewportSize({ width: 1280, height: 900 });
    const added = Array.from({ length: 90 }, (_, i) => ({
      full_name: `Bulk Person ${i + 1}`,
      email: `bulk.person${i + 1}@harborpinetax.com`,
      hold_music: '',
    }));
    await page.goto(`${server.url}/users`);
    // Run on its own (vitest -t) it signs in first.
    await page.getByTestId('admin-row').or(page.getByLabel('Password')).waitFor();
    if (page.url().includes('/interaction/')) await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByTestId('admin-row').waitFor();
    const status = await page.evaluate(
      async ({ path, users }) => {
        const token = window.localStorage.getItem('apiToken');
        const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
        const current = await (await fetch(path, { headers })).json();
        const body = { added: users.map((u) => ({ ...u, hold_music: current.default_hold_music })) };
        return (await fetch(path, { method: 'PUT', headers, body: JSON.stringify(body) })).status;
      },
      { path: `/api/v1/account${USERS_PATHS.users}`, users: added },
    );
    expect(status).toBe(200);
    await page.reload();
    await page.getByTestId('admin-row').waitFor();
    await page.getByLabel('Per page').selectOption('all');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const name = page.getByLabel('Full name of the new user');
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    // On screen and not under the save bar: the element at its centre is the field itself.
    expect(
      await name.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === el;
      }),
    ).toBe(true);
    await screenshot(page, 'users-show-all-add-1280');
  });

  it('Feature Request: the frame fits the whole form, so Send needs no scroll inside the frame', async () => {
    const { server, page } = journey;
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/feature-request`);
    const iframe = page.locator('iframe[title="Feature request form"]');
    const send = page.frameLocator('iframe[title="Feature request form"]').getByRole('button', {
      name: 'Send request',
    });
    await send.waitFor();
    const frame = (await iframe.elementHandle())!;
    const inside = (await frame.contentFrame())!;
    // The frame grows to what its page says; wait for that, then nothing is left to scroll inside.
    await page.waitForFunction((el) => (el as HTMLIFrameElement).style.height !== '', frame);
    const { scrollHeight, innerHeight } = await inside.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      innerHeight: window.innerHeight,
    }));
    expect(scrollHeight).toBeLessThanOrEqual(innerHeight + 1);
    await send.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-feature-request-390');
  });

  it('the mobile menu shows Log Out without scrolling', async () => {
    const { server, page } = journey;
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const logOut = page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log Out' });
    await logOut.waitFor();
    const box = (await logOut.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await screenshot(page, 'phone-menu-390');
    await page.keyboard.press('Escape');
  });

  it('the call-rates chart at 390 px: few enough time labels that none overlap', async () => {
    const { server, page } = journey;
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/call-rates`);
    await page.locator('.recharts-line-curve').first().waitFor();
    const ticks = await page
      .getByTestId('rates-chart')
      .locator('.recharts-xAxis-tick-labels text')
      .evaluateAll((nodes) =>
        nodes.map((n) => n.getBoundingClientRect()).map((b) => ({ left: b.left, right: b.right })),
      );
    expect(ticks.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]!.left).toBeGreaterThan(ticks[i - 1]!.right);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'phone-call-rates-390');
  });
});
