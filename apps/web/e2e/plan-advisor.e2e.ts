import { PLAN_TEXT } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { screenshot, seriousAxeViolations, signIn, storedToken, type Page } from './support/browser';
import { useJourney } from './support/journey';

const UPGRADE_PATH = '/api/v1/account/subscription/upgrade/';

describe('the forecast and Upgrade now (Chromium against the real server)', () => {
  const journey = useJourney();

  /** The demo's card declined at its last close: a good one goes on file, as /billing would put it. */
  async function useGoodCard(page: Page) {
    const token = await storedToken(page);
    const status = await page.evaluate(async (token) => {
      const response = await fetch('/api/v1/account/billing/change-card', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pm_id: 'pm_card_visa' }),
      });
      return response.status;
    }, token);
    expect(status).toBe(200);
  }

  it('PLAN-12 the overview shows the forecast; Upgrade now on /subscription charges the previewed total and the invoice says so', async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/`);
    const forecast = page.getByRole('region', { name: PLAN_TEXT.forecastTitle });
    await forecast.waitFor();
    expect(await forecast.textContent()).toMatch(
      /(At this pace your credits run out on|Your credits ran out on|At this pace your credits last until the period ends)/,
    );
    expect(await forecast.textContent()).toMatch(/Projected overage\$[\d,]+\.\d\d/);
    expect(await forecast.getByRole('list', { name: 'Plan advisor' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'overview-forecast');

    await useGoodCard(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Subscription' }).first().click();
    const advisor = page.getByRole('region', { name: PLAN_TEXT.advisorTitle });
    await advisor.getByRole('button', { name: 'Upgrade now to Firm monthly' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Firm monthly now?' });
    await dialog.waitFor();
    const totalRow = dialog
      .locator('dl[aria-label="Upgrade figures"] > div')
      .filter({ hasText: 'Total charged now' });
    const total = (await totalRow.locator('dd').textContent())!.trim();
    expect(total).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await dialog.textContent()).toContain(`You will be charged ${total} now`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'subscription-upgrade-dialog');

    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === UPGRADE_PATH && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: PLAN_TEXT.confirmUpgrade }).click();
    const response = await answered;
    expect(response.status(), await response.text()).toBe(200);
    await page.getByText(PLAN_TEXT.upgraded, { exact: true }).waitFor();
    await page.getByRole('listitem', { name: 'Firm monthly, your current plan' }).waitFor();
    expect(await page.getByRole('region', { name: 'Current plan' }).textContent()).toContain('Firm monthly');

    await page.getByRole('navigation').getByRole('link', { name: 'Invoices' }).first().click();
    const table = page.getByRole('table', { name: 'Invoices' });
    await table.waitFor();
    const newest = table.getByRole('row').nth(1);
    expect(await newest.textContent()).toContain(total);
    expect(await newest.textContent()).toContain('Paid');
    await screenshot(page, 'invoices-after-upgrade');
  });

  it('PLAN-12 on a phone the forecast and the advisor fit the screen', async () => {
    const { server, browser, context } = journey;
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    journey.watch(small);
    await small.goto(`${server.url}/`);
    await small.getByRole('region', { name: PLAN_TEXT.forecastTitle }).waitFor();
    const fits = () =>
      small.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await fits()).toBe(true);
    await screenshot(small, 'overview-forecast-phone');
    await small.goto(`${server.url}/subscription`);
    await small.getByRole('region', { name: PLAN_TEXT.advisorTitle }).waitFor();
    expect(await fits()).toBe(true);
    await screenshot(small, 'subscription-advisor-phone');
    await phone.close();
  });
});
