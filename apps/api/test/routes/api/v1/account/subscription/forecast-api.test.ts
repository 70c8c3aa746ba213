import { API_ACCOUNT_BASE, PLAN_PATHS, SPEND_CONTROL_PATHS } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { TestClock } from '../../../../../helpers/billing-harness';
import { planAccount } from '../../../../../helpers/plan-accounts';

// Practice monthly ($150, 14,000 credits) from June 1 2026, 12:00 in New York; periods start on the 1st.
const START = '2026-06-01T16:00:00Z';

describe.each(drivers)('forecast and plan advisor API (%s)', (driver) => {
  let ctx: TestContext;
  const clock = new TestClock(new Date(START));
  beforeAll(async () => {
    ctx = await createTestApp(driver, {}, { clock });
  });
  afterAll(() => ctx?.close());

  const get = (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${API_ACCOUNT_BASE}${PLAN_PATHS.forecast}`,
      headers: { authorization: `Bearer ${token}` },
    });

  /** Books `credits` used at `at` in the open period: plan credits while there are, overage beyond. */
  async function use(accountId: string, at: string, credits: number, planLeft: number) {
    const [period] = await ctx.database.query<{ id: string }>(
      'select id from billing_periods where account_id = $1 and closed_at is null',
      [accountId],
    );
    const plan = Math.min(credits, planLeft);
    for (const [bucket, amount] of [
      ['plan', plan],
      ['overage', credits - plan],
    ] as const)
      if (amount > 0)
        await ctx.database.query(
          `insert into credit_ledger (account_id, period_id, bucket, kind, amount, at) values ($1, $2, $3, 'use', $4, $5)`,
          [accountId, period!.id, bucket, -amount * 100, at],
        );
  }

  async function closeAt(accountId: string, at: string) {
    clock.set(at);
    await ctx.app.billing.closeDuePeriods(accountId);
  }

  it('PLAN-01 PLAN-02 PLAN-03 PLAN-05 projects the period from its New York days and prices the plans over the closed periods', async () => {
    const { id, token } = await planAccount(ctx, clock, START);
    await use(id, '2026-06-10T15:00:00Z', 40_000, 14_000); // June: 40,000 credits
    await closeAt(id, '2026-07-01T18:00:00Z');
    await use(id, '2026-07-10T15:00:00Z', 36_000, 14_000); // July: 36,000 credits
    await closeAt(id, '2026-08-01T18:00:00Z');
    // August (from Saturday Aug 1, 12:00): 2,000 credits each weekday of Aug 3-7 and 100 each weekend day.
    let left = 14_000;
    // At 22:00 in New York, already the next day in UTC: each still counts as its New York weekday.
    for (const day of ['04', '05', '06', '07', '08']) {
      await use(id, `2026-08-${day}T02:00:00Z`, 2_000, left);
      left -= 2_000;
    }
    for (const at of [
      '2026-08-01T20:00:00Z',
      '2026-08-02T15:00:00Z',
      '2026-08-08T15:00:00Z',
      '2026-08-09T15:00:00Z',
    ]) {
      await use(id, at, 100, left);
      left -= 100;
    }
    clock.set('2026-08-10T04:00:00Z'); // Monday Aug 10, midnight in New York: 8.5 days since 12:00 on Aug 1
    const response = await get(token);
    expect(response.statusCode).toBe(200);
    const { forecast, advisor } = response.json();
    // Weekdays: 2,000 a day over 5; weekend days: 400 over 3.5; left: 16.5 weekdays and 6 weekend days.
    expect(forecast).toEqual({
      period_start: '2026-08-01T16:00:00.000Z',
      period_end: '2026-09-01T16:00:00.000Z',
      used_credits: 10_400,
      available_credits: 14_000,
      plan_credits: 14_000,
      rollover_credits: 0,
      bonus_credits: 0,
      // As the summary counts them: 8 whole days elapsed at midnight on Aug 10 (8.5 days), 23 of 31 left.
      days_left: 23,
      period_days: 31,
      projected_credits: 44_085.71,
      runs_out_on: '2026-08-11',
      ran_out: false,
      projected_overage: 300.86,
      bills_overage: true,
      spending_cap: null,
      capped_overage: null,
      note:
        "Projected from this period's pace so far (New York time): 2,000 credits per weekday " +
        'and 114.29 per weekend day, since offices close on weekends, over the 23 days left of 31. ' +
        'Credits beyond the plan, rollover and bonus credits cost $0.01 each.',
    });
    // June and July on each plan: Solo and Practice $390 on average, Team $380 ($400 and $360), Firm $750.
    expect(advisor).toEqual({
      periods_compared: 2,
      cheapest: { price_id: 'team-monthly', name: 'Team', cost: 380 },
      current_cost: 390,
      // 23 of 31 days left: Team's 22,258.06 credits less Practice's 10,387.10 cut the projected overage
      // from $300.86 to $182.15, for $111.29.
      upgrade: { price_id: 'team-monthly', name: 'Team', saves: 7.42, charge: 111.29 },
    });
  });

  it('PLAN-04 PLAN-05 with no usage and no closed period, the advisor works from the forecast', async () => {
    const { token } = await planAccount(ctx, clock, START);
    clock.set('2026-06-05T16:00:00Z');
    const { forecast, advisor } = (await get(token)).json();
    expect(forecast).toMatchObject({
      used_credits: 0,
      projected_credits: 0,
      runs_out_on: null,
      projected_overage: 0,
    });
    expect(forecast.note).toMatch(/^No credits have been used this period yet/);
    expect(advisor).toEqual({
      periods_compared: 0,
      cheapest: { price_id: 'solo-monthly', name: 'Solo', cost: 50 },
      current_cost: 150,
      upgrade: null,
    });
  });

  it('PLAN-03 an annual plan gets a forecast without overage and no monthly advice; no plan gets none', async () => {
    const annual = await planAccount(ctx, clock, START, { plan: 'team-annual' });
    clock.set('2026-06-05T16:00:00Z');
    const body = (await get(annual.token)).json();
    expect(body.advisor).toBeNull();
    expect(body.forecast).toMatchObject({
      bills_overage: false,
      projected_overage: 0,
      available_credits: 360_000,
    });
    await ctx.database.query("update subscriptions set status = 'inactive' where account_id = $1", [
      annual.id,
    ]);
    expect((await get(annual.token)).json()).toEqual({ forecast: null, advisor: null, price_change: null });
    // Each token reads its own account: the demo's answer is not the annual account's.
    const [demo] = await ctx.database.query<{ id: string }>('select id from people where email = $1', [
      DEMO_ADMIN.email,
    ]);
    const demoToken = (await issueApiToken(ctx.database, demo!.id)).token;
    expect((await get(demoToken)).statusCode).toBe(200);
  });

  it('SPEND-07 the saved spending cap comes with the projection it holds back; an annual plan has none', async () => {
    const { id, token } = await planAccount(ctx, clock, START);
    await use(id, '2026-06-03T15:00:00Z', 20_000, 14_000);
    clock.set('2026-06-05T16:00:00Z');
    const saveCap = async (cap: number | null) => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `${API_ACCOUNT_BASE}${SPEND_CONTROL_PATHS.settings}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { percent_thresholds: [80, 100], overage_thresholds: [], spending_cap: cap },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await saveCap(50);
    const capped = (await get(token)).json().forecast;
    expect(capped.projected_overage).toBeGreaterThan(50);
    expect(capped).toMatchObject({ bills_overage: true, spending_cap: 50, capped_overage: 50 });
    await saveCap(1_000_000);
    expect((await get(token)).json().forecast).toMatchObject({
      spending_cap: 1_000_000,
      capped_overage: capped.projected_overage,
    });
    await saveCap(null);
    expect((await get(token)).json().forecast).toMatchObject({ spending_cap: null, capped_overage: null });

    // A cap row left from a monthly plan does not apply to an annual one, which has no overage.
    const annual = await planAccount(ctx, clock, START, { plan: 'team-annual' });
    await ctx.database.query(
      'insert into spending_caps (account_id, cap_cents, updated_at) values ($1, 5000, now())',
      [annual.id],
    );
    clock.set('2026-06-05T16:00:00Z');
    expect((await get(annual.token)).json().forecast).toMatchObject({
      bills_overage: false,
      spending_cap: null,
      capped_overage: null,
    });
  });
});
