import { ACCOUNTS_TEXT, API_ACCOUNT_BASE, PAUSE_TEXT, USERS_PATHS, type UsersData } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNT_NAME,
  DEMO_ADMIN,
  DEMO_NEW_TEAM,
  DEMO_STAFF,
  DEMO_STAFF_MEMBERS,
} from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, storedToken } from './support/browser';
import { useJourney } from './support/journey';
import { signInStaff } from './support/staff-sign-in';

const JORDAN = DEMO_STAFF_MEMBERS.find((s) => s.role === 'support')!;
const AVERY = DEMO_STAFF_MEMBERS.find((s) => s.role === 'finance')!;

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
    // The customer's figures, units and rounding, and the days their overview counts (the period model).
    const usage = (await page.getByRole('region', { name: "This period's usage" }).textContent()) ?? '';
    expect(usage).toMatch(/Credits used[\d,]+\.\d\d credits/);
    expect(usage).toMatch(/Days left\d+ of (28|29|30|31)/);
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

  it('CONS-06 CONS-07 CONS-08 CONS-09 at 1280 px finance sees the amount overdue, schedules a change and is offered only the actions its state allows', async () => {
    const { server, browser } = journey;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    journey.watch(page);
    try {
      await page.goto(`${server.url}/admin?q=harbor`);
      await signInStaff(page, AVERY.email, DEMO_STAFF.password);
      await page.getByRole('link', { name: DEMO_ACCOUNT_NAME }).first().click();
      await page.getByRole('heading', { level: 1, name: DEMO_ACCOUNT_NAME }).waitFor();
      const header = page.locator('[data-account-id] > div').first();
      // The demo's last period close is unpaid: the header says so, and the amount is shown.
      await header.getByText(ACCOUNTS_TEXT.paymentOverdue, { exact: true }).waitFor();
      expect(await header.getByText('active', { exact: true }).count()).toBe(0);
      const payment = page.locator('dt', { hasText: /^Payment$/ }).locator('xpath=following-sibling::dd');
      expect(await payment.textContent()).toMatch(/^\$[\d,]+\.\d{2} overdue$/);
      await page.getByText(ACCOUNTS_TEXT.datesZone).waitFor();

      const panel = page.getByRole('region', { name: 'Actions' });
      const offered = async () =>
        (await panel.getByRole('button').allTextContents()).map((t) =>
          t.replace(/(Cancel|Reactivate).*/, '$1'),
        );
      await panel.getByRole('button', { name: /^Change plan/ }).waitFor();
      expect(await offered()).toContain('Cancel');
      expect(await offered()).not.toContain('Reactivate');

      // A change at the period's end, made with the console's own dialog.
      await panel.getByRole('button', { name: /^Change plan/ }).click();
      const change = page.getByRole('dialog', { name: 'Change plan' });
      await change.getByLabel(/New plan/).selectOption({ label: 'Firm monthly' });
      await change.getByLabel('Reason').fill('Customer asked for Firm from next period');
      await change.getByRole('button', { name: 'Change plan' }).click();
      const scheduled = page.getByRole('list', { name: 'Scheduled' });
      await scheduled.getByText('Plan changes to Firm monthly').waitFor();
      // The catalogue's scheduled price of Firm (the demo's), and every instant named in New York time.
      await scheduled.getByText('Firm monthly at $790.00 per month').waitFor();
      const times = await scheduled.locator('time').allTextContents();
      expect(times).toHaveLength(2);
      for (const t of times) expect(t).toMatch(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/);
      expect(await offered()).not.toContain('Reactivate');
      await screenshot(page, 'admin-account-scheduled-1280');

      await panel.getByRole('button', { name: /^Cancel/ }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel the subscription' });
      await cancel.getByLabel('Reason').fill('Customer is closing the practice');
      await cancel.getByRole('button', { name: 'Cancel at period end' }).click();
      await scheduled.getByText(ACCOUNTS_TEXT.scheduled.cancellation).waitFor();
      await panel.getByRole('button', { name: /^Reactivate/ }).waitFor();
      expect(await offered()).not.toContain('Cancel');
      await screenshot(page, 'admin-account-cancelling-1280');
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
    expect(journey.problems).toEqual([]);
  }, 60_000);

  it.each([1280, 390])(
    'issue 64 at %i px finance pauses a monthly plan for the customer with a reason, sees its dates, and withdraws it',
    async (width) => {
      const { server, browser } = journey;
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      journey.watch(page);
      try {
        await page.goto(`${server.url}/admin?q=birch`);
        await signInStaff(page, AVERY.email, DEMO_STAFF.password);
        await page.getByRole('link', { name: DEMO_NEW_TEAM.accountName }).first().click();
        await page.getByRole('heading', { level: 1, name: DEMO_NEW_TEAM.accountName }).waitFor();
        const panel = page.getByRole('region', { name: 'Actions' });
        await panel.getByRole('button', { name: /^Pause/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Pause the plan' });
        const date = dialog.getByLabel(PAUSE_TEXT.resumeLabel);
        const [min, max] = [await date.getAttribute('min'), await date.getAttribute('max')];
        expect(min! < max!).toBe(true);
        await date.fill(max!);
        await dialog.getByLabel('Reason').fill('Quiet months, asked by phone');
        await dialog.getByRole('button', { name: PAUSE_TEXT.pauseButton }).click();
        await panel.getByRole('status').getByText(PAUSE_TEXT.paused).waitFor();
        const row = (label: string) =>
          page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
        expect(await row('Resumes on').textContent()).toMatch(/^\w{3} \d{1,2}, \d{4}$/);
        await row('Pauses on').waitFor();
        expect(await panel.getByRole('button', { name: /^Pause/ }).count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await screenshot(page, `admin-account-pause-scheduled-${width}`);

        await panel.getByRole('button', { name: /^Resume/ }).click();
        const resume = page.getByRole('dialog', { name: 'Withdraw the scheduled pause' });
        await resume.getByLabel('Reason').fill('Customer changed their mind');
        await resume.getByRole('button', { name: PAUSE_TEXT.keepRunning }).click();
        await panel.getByRole('status').getByText(PAUSE_TEXT.withdrawn).waitFor();
        await panel.getByRole('button', { name: /^Pause/ }).waitFor();
        expect(await row('Resumes on').count()).toBe(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
      expect(journey.problems).toEqual([]);
    },
    60_000,
  );
});
