import { ACCOUNTS_TEXT, API_ACCOUNT_BASE, USERS_PATHS, type UsersData } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNT_NAME,
  DEMO_ADMIN,
  DEMO_STAFF,
  DEMO_STAFF_MEMBERS,
} from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, storedToken } from './support/browser';
import { useJourney } from './support/journey';
import { signInStaff } from './support/staff-sign-in';

const JORDAN = DEMO_STAFF_MEMBERS.find((s) => s.role === 'support')!;

describe('the console accounts (Chromium against the real server)', () => {
  const journey = useJourney();

  /** Priya's PIN as her account's admin reads it on the Users page (the console only shows it masked). */
  async function priyaPin(): Promise<string> {
    const { browser, server } = journey;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/users`);
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.waitForURL(/\/users/);
      const token = await storedToken(page);
      const answer = await page.request.get(`${server.url}${API_ACCOUNT_BASE}${USERS_PATHS.users}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { users } = (await answer.json()) as UsersData;
      return users.find((u) => u.full_name === 'Priya Raman')!.pin_number;
    } finally {
      await context.close();
    }
  }

  it('CONS-01 CONS-02 CONS-03 support finds an account by PIN, reads its ledger and invoices, and adds a note', async () => {
    const { server, page, problems } = journey;
    const pin = await priyaPin();
    await page.goto(`${server.url}/admin`);
    await signInStaff(page, JORDAN.email, DEMO_STAFF.password);
    await page.getByRole('heading', { level: 1, name: ACCOUNTS_TEXT.title }).waitFor();

    await page.getByLabel(ACCOUNTS_TEXT.searchLabel).fill(`${pin.slice(0, 3)} ${pin.slice(3)}`);
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('table', { name: /Matching accounts/ });
    const row = results.getByRole('row', { name: new RegExp(DEMO_ACCOUNT_NAME) });
    await row.waitFor();
    expect(await row.textContent()).toContain('PIN of Priya Raman');
    expect(await results.getByRole('row').count()).toBe(2);
    await screenshot(page, 'admin-accounts-search-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await row.getByRole('link', { name: DEMO_ACCOUNT_NAME }).click();
    await page.getByRole('heading', { level: 1, name: DEMO_ACCOUNT_NAME }).waitFor();
    await page.getByText("This period's usage").waitFor();
    // Support cannot change the tax status.
    expect(await page.getByRole('button', { name: 'Change' }).count()).toBe(0);
    await screenshot(page, 'admin-account-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Ledger' }).click();
    const ledger = page.getByRole('table', { name: 'Latest ledger entries' });
    await ledger.waitFor();
    expect(await ledger.getByRole('row').count()).toBeGreaterThan(10);

    await page.getByRole('tab', { name: 'Invoices & payments' }).click();
    const invoices = page.getByRole('list', { name: 'Invoices' });
    await invoices.waitFor();
    expect(await invoices.textContent()).toMatch(/ENQ-\d{6}-/);
    expect(await page.getByRole('button', { name: /^Resend the receipt for/ }).count()).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByLabel('Note', { exact: true }).fill('Walked Dana through the ledger on the phone.');
    await page.getByRole('button', { name: 'Add note' }).click();
    const first = page.getByRole('list', { name: 'Notes' }).getByRole('listitem').first();
    await first.getByText('Walked Dana through the ledger on the phone.').waitFor();
    expect(await first.textContent()).toContain(JORDAN.fullName);
    await screenshot(page, 'admin-account-notes-1280');
    expect(problems).toEqual([]);
  });

  it('CONS-01 CONS-02 at 390 px the results are cards and the account page reads without sideways scrolling', async () => {
    const { server, page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin?q=harbor`);
    const cards = page.getByRole('list', { name: /Matching accounts/ });
    await cards.getByRole('link', { name: DEMO_ACCOUNT_NAME }).waitFor();
    // The section's own content (the console's shared header is the layout's).
    const overflow = () =>
      page.evaluate(() => {
        const main = document.getElementById('main')!;
        return Math.max(
          main.scrollWidth - main.clientWidth,
          main.getBoundingClientRect().right - window.innerWidth,
        );
      });
    await screenshot(page, 'admin-accounts-search-390');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await cards.getByRole('link', { name: DEMO_ACCOUNT_NAME }).click();
    await page.getByRole('heading', { level: 1, name: DEMO_ACCOUNT_NAME }).waitFor();
    await page.getByText("This period's usage").waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-account-390');
    await page.getByRole('tab', { name: 'Invoices & payments' }).click();
    await page.getByRole('list', { name: 'Invoices' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-account-invoices-390');
  });
});
