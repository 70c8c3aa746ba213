import { BANNER_TEXT, OVERVIEW_TEXT, SPEND_TEXT, creditsToCc, overageCents } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_NEW_TEAM } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, type Page } from './support/browser';
import { useJourney } from './support/journey';

const MAINTENANCE = 'Scheduled maintenance Sunday 2–3 AM EST';
const IRS = 'IRS Practitioner Priority Service hours extended for filing season';
const CARDS = "New: download your team's contact cards";
const RESOURCES = 'Filing season resources';

describe('the overview (Chromium against the real server)', () => {
  const journey = useJourney();

  const summary = (target: Page) => target.getByTestId('subscription-summary');
  const noticeTitles = (target: Page) =>
    target.getByRole('region', { name: 'Notices' }).getByRole('heading', { level: 3 }).allTextContents();

  it('OVW-01 OVW-02 OVW-04 OVW-05 OVW-06 the demo admin lands on the overview: PIN, summary, notices, no sub-account notice', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/`);
    await summary(page).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Overview');
    expect(await page.getByTestId('overview-pin').textContent()).toMatch(/^••\d{4}$/);
    const text = (await summary(page).textContent()) ?? '';
    expect(text).toContain('Team monthly');
    // Every credit figure names its unit.
    expect(text).toMatch(/Credits used this periodPlan[\d,.]+ creditsRollover[\d,.]+ credits/);
    // A Bonus line shows when this period has bonus credits: whether the demo's referral bonus, earned
    // 45 days back, reaches this period depends on today's date (on 2027-03-01 it does).
    expect(text).toMatch(
      /Credits leftPlan[\d,.]+ creditsRollover[\d,.]+ credits(Bonus[\d,.]+ credits)?Total[\d,.]+ credits/,
    );
    // The plan's $300.00, and the overage not yet invoiced at $0.01 a credit when the period has some
    // (the demo's calls pass the plan's credits in some periods: on 2027-03-01, $325.04). The period's
    // overage is rounded to the cent once, so after an interim invoice the rest may differ by a cent.
    const pending = /([\d,.]+) credits of overage on \d+ calls? not yet invoiced/.exec(text);
    const nextPayment = /Next payment\$([\d,]+\.\d{2})due /.exec(text);
    expect(nextPayment).not.toBeNull();
    const pendingCents = pending ? overageCents(creditsToCc(Number(pending[1]!.replaceAll(',', '')))) : 0;
    const nextCents = Math.round(Number(nextPayment![1]!.replaceAll(',', '')) * 100);
    expect(Math.abs(nextCents - (30_000 + pendingCents))).toBeLessThanOrEqual(pending ? 1 : 0);
    expect(await summary(page).getByRole('progressbar', { name: 'Plan credits used' }).isVisible()).toBe(
      true,
    );

    expect(await noticeTitles(page)).toEqual([MAINTENANCE, IRS, CARDS, RESOURCES]);
    expect(await page.getByRole('button', { name: `Dismiss: ${MAINTENANCE}` }).count()).toBe(0);
    await page.getByRole('link', { name: 'See line hours' }).waitFor();
    const outside = page.getByRole('link', { name: /IRS resources for tax professionals/ });
    expect(await outside.getAttribute('target')).toBe('_blank');
    // Its 24 users need no telling to give each teammate a PIN (OVW-04 shows to the new team below).
    expect(await page.getByRole('region', { name: OVERVIEW_TEXT.subAccountTitle }).count()).toBe(0);
    // The demo's card declined at its last period close: the alerts say so and lead to paying it.
    // Nineteen days into the period, the how-to panel (first week only) is gone.
    const alerts = page.getByRole('region', { name: 'Account alerts' });
    await alerts.getByText(BANNER_TEXT.invoiceOutstanding).waitFor();
    expect(await alerts.getByRole('link', { name: 'Pay invoice' }).getAttribute('href')).toBe('/invoices');
    expect(await page.getByRole('region', { name: OVERVIEW_TEXT.howToTitle }).count()).toBe(0);

    await screenshot(page, 'overview-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('OVW-06 dismissed notices stay dismissed after a reload', async () => {
    const { page } = journey;
    const dismissed = page.waitForResponse((r) =>
      /\/api\/v1\/account\/notifications\/[^/]+\/dismiss$/.test(new URL(r.url()).pathname),
    );
    await page.getByRole('button', { name: `Dismiss: ${IRS}` }).click();
    expect((await dismissed).status()).toBe(204);
    expect(await noticeTitles(page)).toEqual([MAINTENANCE, CARDS, RESOURCES]);

    await page.reload();
    await summary(page).waitFor();
    expect(await noticeTitles(page)).toEqual([MAINTENANCE, CARDS, RESOURCES]);
  });

  it('the overview on a 390 px phone', async () => {
    const { page, problems } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await summary(page).waitFor();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await screenshot(page, 'overview-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('BAN-02 BAN-03 BAN-09 OVW-04 the annual account whose credits are used up: one panel per problem, the highest alert only', async () => {
    const { server, browser, problems } = journey;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const annual = await context.newPage();
    journey.watch(annual);
    await annual.goto(`${server.url}/`);
    await signIn(annual, DEMO_ANNUAL.email, DEMO_ANNUAL.password);
    await summary(annual).waitFor();
    const alerts = annual.getByRole('region', { name: 'Account alerts' });
    await alerts.getByText(BANNER_TEXT.creditsExhausted).waitFor();
    expect(await summary(annual).textContent()).toContain('Solo annual');
    expect(await annual.getByRole('region', { name: OVERVIEW_TEXT.subAccountTitle }).count()).toBe(0);
    expect(await noticeTitles(annual)).toEqual([MAINTENANCE]);
    // One panel per problem, at a laptop's width and a phone's: both incomplete addresses in one panel
    // with one Update address, the credits used up in another; of the plan-credit alerts only the
    // highest passed (100% replaces 80%).
    const spend = annual.getByRole('region', { name: 'Spend alerts' });
    for (const width of [1280, 390]) {
      await annual.setViewportSize({ width, height: 844 });
      const panels = alerts.getByRole('alert');
      expect(await panels.count(), `${width} px`).toBe(2);
      const address = panels.filter({ hasText: 'Your addresses are incomplete' });
      expect(await address.getByRole('listitem').allInnerTexts()).toEqual([
        BANNER_TEXT.billingAddress,
        BANNER_TEXT.serviceAddress,
      ]);
      expect(await address.getByRole('link').allInnerTexts()).toEqual(['Update address']);
      expect(await alerts.getByRole('link', { name: 'Update address' }).count()).toBe(1);
      await spend.getByText(SPEND_TEXT.percentAlert(100)).waitFor();
      expect(await spend.getByText(SPEND_TEXT.percentAlert(80)).count()).toBe(0);
    }
    await annual.setViewportSize({ width: 1280, height: 900 });
    await screenshot(annual, 'overview-annual-exhausted');
    expect(await seriousAxeViolations(annual)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('OVW-03 OVW-04 the new team with nobody added yet: the how-to panel and the sub-account notice, dismissed for good', async () => {
    const { server, browser, problems } = journey;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const team = await context.newPage();
    journey.watch(team);
    await team.goto(`${server.url}/`);
    await signIn(team, DEMO_NEW_TEAM.email, DEMO_NEW_TEAM.password);
    await summary(team).waitFor();
    expect(await summary(team).textContent()).toContain('Practice monthly');
    // Three days into its first period.
    await team.getByRole('region', { name: OVERVIEW_TEXT.howToTitle }).waitFor();
    const notice = team.getByRole('region', { name: OVERVIEW_TEXT.subAccountTitle });
    expect(await notice.textContent()).toContain(OVERVIEW_TEXT.subAccountText('Practice'));
    expect(
      await notice.getByRole('link', { name: OVERVIEW_TEXT.subAccountLinkText }).getAttribute('href'),
    ).toBe('/users');
    await screenshot(team, 'overview-new-team-1280');
    expect(await seriousAxeViolations(team)).toEqual([]);
    await team.setViewportSize({ width: 390, height: 844 });
    await screenshot(team, 'overview-new-team-390');

    const dismissed = team.waitForResponse((r) => r.url().endsWith('/notifications/sub_account/dismiss'));
    await team.getByRole('button', { name: `Dismiss: ${OVERVIEW_TEXT.subAccountTitle}` }).click();
    expect((await dismissed).status()).toBe(204);
    await notice.waitFor({ state: 'detached' });
    await team.reload();
    await summary(team).waitFor();
    expect(await notice.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
