import { CANCELLATION_TEXT, SUBSCRIPTION_TEXT, type OfferResponse } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_STAFF } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, type Page } from './support/browser';
import { useJourney } from './support/journey';
import { signInStaff } from './support/staff-sign-in';

const OFFER_PATH = '/api/v1/account/cancellation/offer/';
const CANCEL_PATH = '/api/v1/account/subscription/cancel/';
const REMINDER = /^Your enQ plan ends on /;
const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

describe('cancellation that asks why (Chromium against the real server)', () => {
  // Every cancellation of the demo's month-long period is inside the reminder's window, so the job's
  // run at the server's start sends it (CANCEL_REMINDER_DAYS).
  const journey = useJourney({ page: false, env: { CANCEL_REMINDER_DAYS: '60' } });

  async function portalAt(size: (typeof SIZES)[number]) {
    const context = await journey.browser.newContext({ viewport: size });
    const page = await context.newPage();
    journey.watch(page);
    return { context, page };
  }
  const fitsWidth = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  /** Signs in (a fresh context), cancels with "Too expensive": the advisor's plan and its figures, then cancel anyway. */
  async function cancelTooExpensive(page: Page, width: number) {
    await page.goto(`${journey.server.url}/subscription`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Cancel subscription' }).click({ timeout: 30_000 });
    const ask = page.getByRole('dialog', { name: 'Before you cancel' });
    await ask.getByRole('radio', { name: 'Too expensive' }).check();
    await ask.getByLabel(CANCELLATION_TEXT.wordsLabel).fill('We only call the agencies in spring.');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === OFFER_PATH);
    await ask.getByRole('button', { name: CANCELLATION_TEXT.goOn }).click();
    const { offer } = (await (await answered).json()) as OfferResponse;
    // The demo practice's own history: the advisor finds a plan that would have cost less.
    expect(offer?.kind).toBe('cheaper_plan');
    if (offer?.kind !== 'cheaper_plan') return;
    const shown = page.getByRole('dialog', { name: 'Before you go' });
    await shown.waitFor();
    const text = (await shown.textContent()) ?? '';
    expect(text).toContain(
      CANCELLATION_TEXT.cheaperPlan(offer.plan.name, offer.periods_compared, offer.cost, offer.current_cost),
    );
    expect(text).toContain(
      CANCELLATION_TEXT.cheaperPlanSaves(Math.round((offer.current_cost - offer.cost) * 100) / 100),
    );
    expect(
      await shown.getByRole('button', { name: CANCELLATION_TEXT.switchPlan(offer.plan.name) }).isVisible(),
    ).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `cancellation-offer-${width}`);
    await shown.getByRole('button', { name: CANCELLATION_TEXT.cancelAnyway }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await confirm.getByText(/subscription ends on/).waitFor();
    const posted = page.waitForResponse(
      (r) => new URL(r.url()).pathname === CANCEL_PATH && r.request().method() === 'POST',
    );
    await confirm.getByRole('button', { name: 'Proceed' }).click();
    const response = await posted;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      reason: 'too_expensive',
      words: 'We only call the agencies in spring.',
    });
    await page.getByText(SUBSCRIPTION_TEXT.cancelled, { exact: true }).waitFor();
    await page.getByText(/^Your subscription is cancelled and ends on /).waitFor({ timeout: 30_000 });
  }

  /** The newest reminder's Keep this plan link, as /site/mail shows the email. */
  async function reminderLink(page: Page, count: number): Promise<string> {
    await journey.restartServer();
    const reminders = page.getByRole('link', { name: REMINDER });
    await expect
      .poll(
        async () => {
          await page.goto(`${journey.server.url}/site/mail`);
          return reminders.count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(count);
    await reminders.first().click();
    const link = page.getByRole('link', { name: /\/subscription\?keep=/ });
    return (await link.getAttribute('href'))!;
  }

  /** Keep this plan from the email's link: the plan is back, nothing charged. */
  async function keepFromLink(page: Page, link: string, width: number, signedOut = false) {
    await page.goto(link);
    if (signedOut) await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const dialog = page.getByRole('dialog', { name: CANCELLATION_TEXT.keepDialogTitle });
    await dialog.getByText('Your cancellation is withdrawn.').waitFor({ timeout: 30_000 });
    await dialog.getByText('Nothing is charged now.').waitFor();
    // The token has left the address bar.
    expect(new URL(page.url()).search).toBe('');
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, `cancellation-keep-link-${width}`);
    await dialog.getByRole('button', { name: CANCELLATION_TEXT.keepButton }).click();
    await page.getByText(CANCELLATION_TEXT.kept, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    expect(await page.getByText(/^Your subscription is cancelled/).count()).toBe(0);
    // The link works once.
    await page.goto(link);
    await page
      .getByText('There is no cancellation or scheduled change to undo.')
      .waitFor({ timeout: 30_000 });
  }

  it('at 1280 px: cancel with "too expensive", see the advisor\'s plan and its figures, cancel anyway; then keep the plan from the reminder email\'s link at 390 px', async () => {
    const wide = await portalAt(SIZES[0]);
    await cancelTooExpensive(wide.page, 1280);
    const link = await reminderLink(wide.page, 1);
    const phone = await journey.browser.newContext({
      viewport: SIZES[1],
      storageState: await wide.context.storageState(),
    });
    const small = await phone.newPage();
    journey.watch(small);
    await keepFromLink(small, link, 390);
    await phone.close();
    await wide.context.close();
  }, 180_000);

  it('at 390 px: the same cancellation, then keep the plan from the new reminder at 1280 px, signing in first', async () => {
    const small = await portalAt(SIZES[1]);
    await cancelTooExpensive(small.page, 390);
    const link = await reminderLink(small.page, 2);
    // Opened where nobody is signed in: the link asks for the sign-in first, then returns to it.
    const wide = await journey.browser.newContext({ viewport: SIZES[0] });
    const page = await wide.newPage();
    journey.watch(page);
    await keepFromLink(page, link, 1280, true);
    await wide.close();
    await small.context.close();
  }, 180_000);

  it("the console's report counts this month's reasons by plan, at 1280 and 390 px", async () => {
    const wide = await portalAt(SIZES[0]);
    await wide.page.goto(`${journey.server.url}/admin/cancellations`);
    await signInStaff(wide.page, DEMO_STAFF.email, DEMO_STAFF.password);
    await wide.page.getByRole('heading', { name: 'Cancellations', level: 1 }).waitFor({ timeout: 30_000 });
    const month = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      month: 'long',
      year: 'numeric',
    }).format(new Date());
    // The demo's Quarry Lane took a cheaper plan for 'Too expensive' on Firm monthly: this row is Team monthly's.
    const row = wide.page
      .getByRole('row')
      .filter({ hasText: month })
      .filter({ hasText: 'Too expensive' })
      .filter({ hasText: 'Team monthly' });
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      `${month}Team monthly`, // the plan under the month is hidden at this width
      'Team monthly',
      'Too expensive',
      '2',
      '0',
    ]);
    expect(await seriousAxeViolations(wide.page)).toEqual([]);
    await screenshot(wide.page, 'admin-cancellations-1280');
    const phone = await journey.browser.newContext({
      viewport: SIZES[1],
      storageState: await wide.context.storageState(),
    });
    const small = await phone.newPage();
    journey.watch(small);
    await small.goto(`${journey.server.url}/admin/cancellations`);
    await small
      .getByRole('table', { name: 'Cancellation reasons by month and plan' })
      .waitFor({ timeout: 30_000 });
    const phoneRow = small
      .getByRole('row')
      .filter({ hasText: 'Too expensive' })
      .filter({ hasText: 'Team monthly' });
    // The plan sits under the month; its own column is hidden.
    expect(await phoneRow.getByRole('cell').allTextContents()).toEqual([
      `${month}Team monthly`,
      'Too expensive',
      '2',
      '0',
    ]);
    // The counts are in sight on a phone, not scrolled off to the side.
    const table = small.getByRole('table', { name: 'Cancellation reasons by month and plan' });
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(
      true,
    );
    expect(await fitsWidth(small)).toBe(true);
    await screenshot(small, 'admin-cancellations-390');
    await phone.close();
    await wide.context.close();
  }, 180_000);
});
