import { API_ACCOUNT_BASE, PLAN_PATHS } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulePlanVersion } from '../../../../../../src/domain/catalogue/catalogue-plans';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { TestClock } from '../../../../../helpers/billing-harness';
import { planAccount } from '../../../../../helpers/plan-accounts';

// Nov 17 2026, noon in New York: a 30-day monthly Team period to Dec 17. Nineteen days on, 11 are left:
// Firm's 80,000 credits prorated are 29,333.33, Team's 30,000 are 11,000.
const START = '2026-11-17T17:00:00Z';
const DAY_20 = '2026-12-06T17:00:00Z';

describe.each(drivers)('Upgrade now with a catalogue price change scheduled (%s)', (driver) => {
  let ctx: TestContext;
  const clock = new TestClock(new Date(START));
  beforeAll(async () => {
    ctx = await createTestApp(driver, { TAX_RATE_PERCENT: '0' }, { clock });
  });
  afterAll(() => ctx?.close());

  const get = (token: string, path: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const schedule = (plan: string, from: string, cents: number, credits: number) =>
    ctx.database.transaction((tx) =>
      schedulePlanVersion(
        tx,
        plan,
        { effective_from: from, price_cents: cents, credits, save: null },
        clock.now(),
      ),
    );

  it('CAT-02 PLAN-06 the preview says how it prorates and rounds, and names the price that follows its next charge', async () => {
    const { id, token } = await planAccount(ctx, clock, START, { plan: 'team-monthly' });
    clock.set(DAY_20);
    // The console's change: Firm at $790 from Jan 20, 2027 (New York midnight), after this period's end.
    await schedule('firm-monthly', '2027-01-20T05:00:00Z', 79_000, 80_000);
    const response = await get(token, `${PLAN_PATHS.upgradePreview}?plan=firm-monthly`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ days_left: 11, days_in_period: 30, charge: 275, credit: 110, total: 165 });
    expect(body.credits_added).toBe(18_333.33);
    expect(body.messages.slice(4)).toEqual([
      'Your plan credits grow by 18,333.33 (29,333.33 Firm credits for the days left, less 11,000 Team credits).',
      "Each plan's price and credits are prorated by the days left: × 11 / 30. Each amount is rounded to the nearest cent and each credit figure to the nearest hundredth of a credit, halves up.",
      'From December 17, 2026 you will be charged $750.00 per month until January 20, 2027, then $790.00, for 80,000 credits.',
    ]);

    // A change that takes effect before the next charge is that charge's price; new credits are named.
    await schedule('firm-monthly', '2026-12-10T05:00:00Z', 77_000, 82_000);
    const sooner = (await get(token, `${PLAN_PATHS.upgradePreview}?plan=firm-monthly`)).json();
    expect(sooner.messages.at(-1)).toBe(
      'From December 17, 2026 you will be charged $770.00 per month, for 82,000 credits.',
    );
    // The one for Jan 20 was replaced (a version replaces those from its instant on).
    const [versions] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from plan_versions where plan_id = 'firm-monthly' and effective_from > $1`,
      [clock.now()],
    );
    expect(versions!.n).toBe(1);
    expect(id).toBeTruthy();
  });

  it("CAT-02 the customer's own plan's scheduled price is told on the forecast the overview shows, before it takes effect", async () => {
    const { token } = await planAccount(ctx, clock, START, { plan: 'team-monthly' });
    clock.set(DAY_20);
    expect((await get(token, PLAN_PATHS.forecast)).json().price_change).toBeNull();
    await schedule('team-monthly', '2026-12-10T05:00:00Z', 32_000, 30_000);
    // Another plan's change is not this customer's.
    await schedule('practice-monthly', '2026-12-10T05:00:00Z', 16_000, 14_000);
    const response = await get(token, PLAN_PATHS.forecast);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().price_change).toEqual({
      plan: 'Team monthly',
      per: 'month',
      now: { from: new Date(DAY_20).toISOString(), price: 300, credits: 30_000 },
      next: { from: '2026-12-10T05:00:00.000Z', price: 320, credits: 30_000 },
    });
    // Once in force it is the price, and nothing is told.
    clock.set('2026-12-10T06:00:00Z');
    expect((await get(token, PLAN_PATHS.forecast)).json().price_change).toBeNull();
  });
});
