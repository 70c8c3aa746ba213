import {
  API_ACCOUNT_BASE,
  formatMoney,
  PLAN_PATHS,
  PLAN_TEXT,
  SERVICE_KEY_HEADER,
  TELEPHONY_CALLS_PATH,
  USERS_PATHS,
  type ForecastResponse,
} from '@enq/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../api/src/db/seed/demo-account';
import { DEMO_SCHEDULED_PLAN } from '../../api/src/db/seed/demo-catalogue';
import { screenshot, seriousAxeViolations, signIn, storedToken, type Page } from './support/browser';
import { useJourney } from './support/journey';

const UPGRADE_PATH = '/api/v1/account/subscription/upgrade/';
const KEY = 'svc_e2e_plan_advisor_key_0123456789';

/**
 * What the advisor region says and offers: the plan its advice says saves (null for "would not save"),
 * and the plans its Upgrade now buttons name.
 */
async function advisorOffer(page: Page) {
  const advisor = page.getByRole('region', { name: PLAN_TEXT.advisorTitle });
  const advice = advisor.getByRole('list', { name: PLAN_TEXT.advisorTitle });
  await advice.getByRole('listitem').last().waitFor();
  const last = (await advice.getByRole('listitem').last().textContent())!;
  const saves = /^Upgrading to (\w+) now would save about \$[\d,]+\.\d\d this period\.$/.exec(last);
  if (!saves) expect(last).toBe(PLAN_TEXT.noSaving);
  const buttons = await advisor.getByRole('button', { name: /^Upgrade now to / }).allTextContents();
  return { saves: saves?.[1] ?? null, buttons };
}

describe('the forecast and Upgrade now (Chromium against the real server)', () => {
  const journey = useJourney({ env: { TELEPHONY_SERVICE_KEY: KEY } });

  /** Two-hour calls by the demo admin, as the telephony platform posts them: a busy end of period. */
  async function postBusyCalls(page: Page, count: number) {
    const token = await storedToken(page);
    const users = await fetch(`${journey.server.url}${API_ACCOUNT_BASE}${USERS_PATHS.users}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const pin = ((await users.json()) as { admin_user: { pin_number: string } }).admin_user.pin_number;
    const calls = Array.from({ length: count }, (_, i) => ({
      call_uuid: randomUUID(),
      pin,
      call_timestamp: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
      destination: 'IRS Practitioner Priority Service',
      billed_duration: 7_200,
    }));
    const response = await fetch(`${journey.server.url}${TELEPHONY_CALLS_PATH}`, {
      method: 'POST',
      headers: { [SERVICE_KEY_HEADER]: KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ calls }),
    });
    expect(await response.json()).toMatchObject({ accepted: count });
  }
  const forecastAnswer = async (page: Page) => {
    const token = await storedToken(page);
    const response = await fetch(`${journey.server.url}${API_ACCOUNT_BASE}${PLAN_PATHS.forecast}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()) as ForecastResponse;
  };
  const advice = async (page: Page) => (await forecastAnswer(page)).advisor;

  it('PLAN-05 PLAN-12 the Upgrade now button names the plan the advisor says saves, and none when it says none does (1280 and 390 px)', async () => {
    const { server, page, browser, context } = journey;
    await page.goto(`${server.url}/subscription`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL(`${server.url}/subscription`);
    const before = await advisorOffer(page);
    expect(before.buttons).toEqual(before.saves ? [`Upgrade now to ${before.saves} monthly`] : []);
    if (!before.saves) expect(await page.getByText(PLAN_TEXT.noUpgradeOffered).isVisible()).toBe(true);
    await screenshot(page, 'subscription-advisor-as-seeded');

    // A busy end of period: at this pace upgrading now saves, and the advice and the button say to which plan.
    for (let i = 0; !(await advice(page))?.upgrade; i++) {
      expect(i).toBeLessThan(10);
      await postBusyCalls(page, 10);
    }
    const { upgrade } = (await advice(page))!;
    for (const width of [1280, 390]) {
      const view = await browser.newContext({
        viewport: { width, height: 900 },
        storageState: await context.storageState(),
      });
      const tab = await view.newPage();
      journey.watch(tab);
      await tab.goto(`${server.url}/subscription`);
      const offer = await advisorOffer(tab);
      expect(offer).toEqual({ saves: upgrade!.name, buttons: [`Upgrade now to ${upgrade!.name} monthly`] });
      expect(await tab.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      await screenshot(tab, `subscription-advisor-upgrade-${width}`);
      await view.close();
    }
  });

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

  it("PLAN-12 CAT-02 the overview shows the forecast; Upgrade now on /subscription charges the previewed total with the scheduled price named, the invoice says so, and the overview tells the new plan's price change", async () => {
    const { server, page } = journey;
    await page.goto(`${server.url}/`);
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
    // The preview says how its credits and amounts were prorated and rounded.
    const days = (await dialog
      .locator('dt')
      .filter({ hasText: /^Firm for the / })
      .textContent())!;
    const [, left, of] = /^Firm for the (\d+) of (\d+) days left$/.exec(days)!;
    await dialog.getByText(PLAN_TEXT.prorationNote(Number(left), Number(of))).waitFor();
    const totalRow = dialog
      .locator('dl[aria-label="Upgrade figures"] > div')
      .filter({ hasText: 'Total charged now' });
    const total = (await totalRow.locator('dd').textContent())!.trim();
    expect(total).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(await dialog.textContent()).toContain(`You will be charged ${total} now`);
    // The catalogue's scheduled Firm price is in the preview, after the price the next period renews at.
    const scheduled = formatMoney(DEMO_SCHEDULED_PLAN.priceCents / 100);
    expect(await dialog.textContent()).toMatch(
      new RegExp(`you will be charged \\$[\\d,]+\\.\\d\\d per month until .+, then \\${scheduled}, for `),
    );
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

    // CAT-02: now on Firm monthly, the overview tells its scheduled price before it takes effect.
    const { price_change: change } = await forecastAnswer(page);
    expect(change).toMatchObject({
      plan: 'Firm monthly',
      per: 'month',
      next: { price: DEMO_SCHEDULED_PLAN.priceCents / 100 },
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).first().click();
    const notice = page.getByLabel('Scheduled price change');
    await notice
      .getByText(PLAN_TEXT.priceChange(change!.plan, change!.per, change!.now, change!.next))
      .waitFor();
    expect(await notice.textContent()).toContain(`costs ${scheduled} per month`);
    await screenshot(page, 'overview-price-change');
  });

  it('PLAN-12 CAT-02 on a phone the forecast, the price change and the advisor fit the screen', async () => {
    const { server, browser, context } = journey;
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    journey.watch(small);
    await small.goto(`${server.url}/`);
    await small.getByRole('region', { name: PLAN_TEXT.forecastTitle }).waitFor();
    await small.getByLabel('Scheduled price change').waitFor();
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
