import {
  ACCOUNTS_ADMIN_PATHS,
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  CALL_PATHS,
  CATALOGUE_PATHS,
  PLAN_PATHS,
  SERVICE_KEY_HEADER,
  SPEND_CONTROL_PATHS,
  SUBSCRIPTION_PATHS,
  TELEPHONY_AUTHORIZE_PATH,
  TELEPHONY_CALLS_PATH,
  type AdminAccount,
  type ForecastResponse,
  type OverviewResponse,
  type SpendControlResponse,
  type SubscriptionResponse,
  type UsageResponse,
} from '@enq/contract';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { TestClock } from '../../helpers/billing-harness';
import { planAccount } from '../../helpers/plan-accounts';
import { customerToken, staffToken } from '../../helpers/staff';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_NEW_TEAM } from '../../../src/db/seed/demo-account';

// One model of a period (domain/periods): over simulated periods (monthly and annual plans, rollover,
// bonus credits, late calls, upgrades, a catalogue price change and a spending cap), the overview,
// Subscription, the forecast, the usage chart and the console answer the same days and the same credits
// for the same period, and the ledger agrees with them; an annual plan shows no rollover and no overage.

const KEY = 'svc_period_model_key_long_enough_12';
const LINE = 'IRS Practitioner Priority Service';
const DAY = 86_400_000;
const GRACE = 61 * 60_000; // past CLOSE_GRACE_MINUTES (60)

type Step =
  | { kind: 'calls'; days: number; minutes: number[] }
  | { kind: 'bonus'; credits: number }
  | { kind: 'close'; lateMinutes: number }
  | { kind: 'upgrade' }
  | { kind: 'catalogue'; credits: number }
  | { kind: 'cap'; dollars: number | null };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('calls' as const),
      days: fc.integer({ min: 0, max: 9 }),
      minutes: fc.array(fc.integer({ min: 1, max: 240 }), { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('bonus' as const),
      credits: fc.integer({ min: 1, max: 9_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      lateMinutes: fc.integer({ min: 0, max: 30 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'upgrade' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('catalogue' as const),
      credits: fc.integer({ min: -2_000, max: 2_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('cap' as const),
      dollars: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
    }),
  },
);

const scenario = fc.record({
  plan: fc.constantFrom('practice-monthly', 'team-monthly', 'team-annual', 'practice-annual'),
  // Days after the previous scenario's end, and the New York morning hour (UTC 14:00..19:00).
  gap: fc.integer({ min: 0, max: 40 }),
  hour: fc.integer({ min: 14, max: 19 }),
  steps: fc.array(step, { minLength: 2, maxLength: 6 }),
});

const UPGRADES: Record<string, string> = {
  'practice-monthly': 'team-monthly',
  'team-monthly': 'firm-monthly',
};
const cents = (credits: number) => Math.round(credits * 100);

describe.each(drivers)('one model of a period: every surface, the same figures (%s)', (driver) => {
  let ctx: TestContext;
  // Scenarios follow one another in time, so a catalogue change scheduled by one is in the past of the next.
  const clock = new TestClock(new Date('2027-01-04T15:00:00Z'));
  let finance = '';
  let admin = '';
  beforeAll(async () => {
    ctx = await createTestApp(driver, { TELEPHONY_SERVICE_KEY: KEY }, { clock });
    finance = (await staffToken(ctx.database, 'finance')).token;
    admin = (await staffToken(ctx.database, 'admin')).token;
  });
  afterAll(() => ctx?.close());

  const get = async <T>(url: string, token: string): Promise<T> => {
    const response = await ctx.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json() as T;
  };
  const send = (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
      payload,
    });

  /** Calls at `at` when authorize allows them, as the telephony platform would place them. */
  async function call(pin: string, at: Date, minutes: number[]) {
    const allowed = await ctx.app.inject({
      url: `${TELEPHONY_AUTHORIZE_PATH}?pin=${pin}`,
      headers: { [SERVICE_KEY_HEADER]: KEY },
    });
    if (!(allowed.json() as { allowed: boolean }).allowed) return;
    const response = await ctx.app.inject({
      method: 'POST',
      url: TELEPHONY_CALLS_PATH,
      headers: { [SERVICE_KEY_HEADER]: KEY },
      payload: {
        calls: minutes.map((m, i) => ({
          call_uuid: randomUUID(),
          pin,
          call_timestamp: new Date(at.getTime() - (i + 1) * 60_000).toISOString(),
          destination: LINE,
          billed_duration: m * 60,
        })),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** The open period's credits straight from the ledger, in centicredits: the oracle beside the answers. */
  async function ledger(accountId: string) {
    const rows = await ctx.database.query<{ bucket: string; total: string; used: string }>(
      `select l.bucket, sum(l.amount)::text as total, coalesce(-sum(l.amount) filter (where l.kind = 'use'), 0)::text as used
         from credit_ledger l join subscriptions s on s.account_id = l.account_id
         join billing_periods p on p.id = l.period_id and p.starts_at = s.current_period_start and p.closed_at is null
        where l.account_id = $1 group by l.bucket`,
      [accountId],
    );
    const of = (bucket: string) => rows.find((r) => r.bucket === bucket);
    return {
      left: (b: string) => Math.max(Number(of(b)?.total ?? 0), 0),
      used: (b: string) => Number(of(b)?.used ?? 0),
    };
  }

  /** What the scenarios went through, so the test can say it covered each case it names. */
  const seen = new Set<string>();

  /** Every surface's answer for the account's current period, held against the others and the ledger. */
  async function agree(account: { id: string; token: string }, planPeriod: 'mo' | 'yr') {
    const { token } = account;
    const [overview, sub, forecast, spend, consoleAnswer] = await Promise.all([
      get<OverviewResponse>(`${API_ACCOUNT_BASE}/`, token),
      get<SubscriptionResponse>(`${API_ACCOUNT_BASE}${SUBSCRIPTION_PATHS.root}`, token),
      get<ForecastResponse>(`${API_ACCOUNT_BASE}${PLAN_PATHS.forecast}`, token),
      get<SpendControlResponse>(`${API_ACCOUNT_BASE}${SPEND_CONTROL_PATHS.state}`, token),
      get<AdminAccount>(`${API_ADMIN_BASE}${ACCOUNTS_ADMIN_PATHS.account(account.id)}`, finance),
    ]);
    const info = overview.subscription_info;
    expect(info.period_start).not.toBeNull();
    const figures = (i: typeof info) => ({
      period_start: i.period_start,
      period_end: i.period_end,
      days_in_period: i.days_in_period,
      days_left: i.days_left,
      period_days: i.period_days,
      plan_credits_used: i.plan_credits_used,
      plan_credits_left: i.plan_credits_left,
      rollover_credits_used: i.rollover_credits_used,
      rollover_credits_left: i.rollover_credits_left,
      bonus_credits_used: i.bonus_credits_used,
      bonus_credits_left: i.bonus_credits_left,
      overage_credits_used: i.overage_credits_used,
      total_credits_used: i.total_credits_used,
    });
    // Overview and Subscription.
    expect(figures(sub)).toEqual(figures(info));
    expect(info.days_in_period + info.days_left).toBe(info.period_days);
    const length = Math.round((Date.parse(info.period_end!) - Date.parse(info.period_start!)) / DAY);
    expect(info.period_days).toBe(length);

    // The console.
    const c = consoleAnswer;
    expect({
      period_start: c.subscription.period_start,
      period_end: c.subscription.period_end,
      days_left: c.subscription.days_left,
      period_days: c.subscription.period_days,
      used: c.usage.credits_used,
      plan: c.usage.plan_credits,
      plan_left: c.usage.plan_credits_left,
      rollover_left: c.usage.rollover_credits_left,
      bonus_left: c.usage.bonus_credits_left,
      overage: c.usage.overage_credits,
    }).toEqual({
      period_start: info.period_start,
      period_end: info.period_end,
      days_left: info.days_left,
      period_days: info.period_days,
      used: info.total_credits_used,
      plan: (cents(info.plan_credits_used) + cents(info.plan_credits_left)) / 100,
      plan_left: info.plan_credits_left,
      rollover_left: info.rollover_credits_left,
      bonus_left: info.bonus_credits_left,
      overage: info.overage_credits_used,
    });

    // The forecast: the same days, the same credits each named, and the saved cap (a monthly plan's).
    const f = forecast.forecast!;
    expect(f).not.toBeNull();
    const available = (used: number, left: number) => (cents(used) + cents(left)) / 100;
    expect({
      period_start: f.period_start,
      period_end: f.period_end,
      days_left: f.days_left,
      period_days: f.period_days,
      used: f.used_credits,
      plan: f.plan_credits,
      rollover: f.rollover_credits,
      bonus: f.bonus_credits,
      spending_cap: f.spending_cap,
    }).toEqual({
      period_start: info.period_start,
      period_end: info.period_end,
      days_left: info.days_left,
      period_days: info.period_days,
      used: info.total_credits_used,
      plan: available(info.plan_credits_used, info.plan_credits_left),
      rollover: available(info.rollover_credits_used, info.rollover_credits_left),
      bonus: available(info.bonus_credits_used, info.bonus_credits_left),
      spending_cap: planPeriod === 'mo' ? spend.spending_cap : null,
    });
    expect(cents(f.available_credits)).toBe(
      cents(f.plan_credits) + cents(f.rollover_credits) + cents(f.bonus_credits),
    );

    // The alerts section's percent of plan credits used: of the same credits the overview shows.
    const includedUsed =
      cents(info.plan_credits_used) + cents(info.rollover_credits_used) + cents(info.bonus_credits_used);
    const includedAvailable =
      includedUsed +
      cents(info.plan_credits_left) +
      cents(info.rollover_credits_left) +
      cents(info.bonus_credits_left);
    expect(spend.plan_percent_used).toBe(
      includedAvailable > 0 ? Math.floor((includedUsed * 1000) / includedAvailable) / 10 : 0,
    );

    // The overview's usage chart asks for the period as a range: the same days, the same days left.
    const from = Math.floor(Date.parse(info.period_start!) / 1000);
    const to = Math.ceil(Date.parse(info.period_end!) / 1000) - 1;
    const chart = await get<UsageResponse>(
      `${API_ACCOUNT_BASE}${CALL_PATHS.usage}?timestampFrom=${from}&timestampTo=${to}`,
      token,
    );
    expect({ days: chart.range_days, left: chart.days_left }).toEqual({
      days: info.period_days,
      left: info.days_left,
    });

    // The ledger, read apart from the app.
    const l = await ledger(account.id);
    expect({
      plan_used: cents(info.plan_credits_used),
      plan_left: cents(info.plan_credits_left),
      rollover_used: cents(info.rollover_credits_used),
      rollover_left: cents(info.rollover_credits_left),
      bonus_used: cents(info.bonus_credits_used),
      bonus_left: cents(info.bonus_credits_left),
      overage: cents(info.overage_credits_used),
    }).toEqual({
      plan_used: l.used('plan'),
      plan_left: l.left('plan'),
      rollover_used: l.used('rollover'),
      rollover_left: l.left('rollover'),
      bonus_used: l.used('bonus'),
      bonus_left: l.left('bonus'),
      overage: l.used('overage'),
    });

    seen.add(planPeriod === 'yr' ? 'annual' : 'monthly');
    if (info.rollover_credits_used + info.rollover_credits_left > 0) seen.add('rollover');
    if (info.bonus_credits_used + info.bonus_credits_left > 0) seen.add('bonus');
    if (info.overage_credits_used > 0) seen.add('overage');
    if (spend.spending_cap !== null && planPeriod === 'mo') seen.add('cap');
    // Upgrade now mid-period prorates the plan credits; a catalogue change gives a later period new ones.
    if (cents(info.plan_credits_used) + cents(info.plan_credits_left) !== cents(sub.current_plan!.credits))
      seen.add('prorated');
    const [first] = await ctx.database.query<{ credits: number }>(
      'select credits from plan_versions where plan_id = $1 order by effective_from limit 1',
      [sub.current_plan!.price_id],
    );
    if (Number(first!.credits) !== sub.current_plan!.credits) seen.add('repriced');

    // The product's rules: an annual plan has no rollover and is never charged overage (MONEY-04).
    if (planPeriod === 'yr') {
      expect(info.rollover_credits_used + info.rollover_credits_left).toBe(0);
      expect(info.overage_credits_used).toBe(0);
      expect(f.projected_overage).toBe(0);
    }
  }

  it('the demo accounts read the same days and credits everywhere ("11 days of 30", "10.5 days left", "over 31 days" before)', async () => {
    for (const email of [DEMO_ADMIN.email, DEMO_NEW_TEAM.email, DEMO_ANNUAL.email]) {
      const { token, accountId } = await customerToken(ctx.database, email);
      const sub = await get<SubscriptionResponse>(`${API_ACCOUNT_BASE}${SUBSCRIPTION_PATHS.root}`, token);
      await agree({ id: accountId, token }, sub.current_plan!.period);
    }
  });

  it('the overview, Subscription, the forecast, the chart and the console agree over simulated periods', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ plan, gap, hour, steps }) => {
        const day = new Date(Math.ceil(clock.now().getTime() / DAY) * DAY + gap * DAY);
        day.setUTCHours(hour);
        const account = await planAccount(ctx, clock, day.toISOString(), { plan });
        const pin = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
        await ctx.database.query('update people set pin = $2 where id = $1', [account.personId, pin]);
        let current: string = plan;
        const period = () => (current.endsWith('annual') ? 'yr' : 'mo') as 'mo' | 'yr';
        await agree(account, period());
        for (const s of steps) {
          const now = clock.now();
          const [{ ends_at }] = (await ctx.database.query<{ ends_at: Date }>(
            'select current_period_end as ends_at from subscriptions where account_id = $1',
            [account.id],
          )) as [{ ends_at: Date }];
          const end = new Date(ends_at).getTime();
          if (s.kind === 'calls') {
            // Stay inside the period: a move past its end is the close step's.
            clock.set(new Date(Math.min(now.getTime() + s.days * DAY, end - 2 * 3_600_000)));
            await call(pin, clock.now(), s.minutes);
          } else if (s.kind === 'bonus') {
            const response = await send(
              'POST',
              `${API_ADMIN_BASE}${ACCOUNTS_ADMIN_PATHS.account(account.id)}/credit-adjustments`,
              finance,
              { credits: s.credits, reason: 'Simulated goodwill' },
            );
            expect([200, 400, 409]).toContain(response.statusCode);
          } else if (s.kind === 'close') {
            // The period ends; a call made just before its end is posted after it has closed (a late call).
            clock.set(new Date(end + GRACE));
            await ctx.app.billing.closeDuePeriods(account.id);
            await call(pin, new Date(end - s.lateMinutes * 60_000), [5]);
            seen.add('late call');
          } else if (s.kind === 'upgrade') {
            const to = UPGRADES[current];
            if (!to) continue;
            const preview = await ctx.app.inject({
              url: `${API_ACCOUNT_BASE}${PLAN_PATHS.upgradePreview}?plan=${to}`,
              headers: { authorization: `Bearer ${account.token}` },
            });
            if (preview.statusCode !== 200) continue;
            const { total_cents } = preview.json() as { total_cents: number };
            const done = await send('POST', `${API_ACCOUNT_BASE}${PLAN_PATHS.upgrade}`, account.token, {
              plan: to,
              total_cents,
            });
            if (done.statusCode === 200) {
              current = to;
              seen.add('upgrade');
            }
          } else if (s.kind === 'catalogue') {
            // A new price and credits for the plan from tomorrow: the next period opens with them (CAT-02).
            const versions = await ctx.database.query<{ credits: number; price_cents: number }>(
              `select credits, price_cents from plan_versions where plan_id = $1 order by effective_from desc limit 1`,
              [current],
            );
            const latest = versions[0] ?? { credits: 30_000, price_cents: 30_000 };
            const response = await send(
              'POST',
              `${API_ADMIN_BASE}${CATALOGUE_PATHS.planVersions(current)}`,
              admin,
              {
                reason: 'Simulated catalogue review',
                price_cents: latest.price_cents + 100,
                credits: Math.max(1_000, Number(latest.credits) + s.credits),
                save: null,
                effective_from: new Date(clock.now().getTime() + DAY).toISOString(),
              },
            );
            expect(response.statusCode, response.body).toBe(200);
            seen.add('catalogue change');
          } else {
            const response = await send(
              'PUT',
              `${API_ACCOUNT_BASE}${SPEND_CONTROL_PATHS.settings}`,
              account.token,
              {
                percent_thresholds: [80, 100],
                overage_thresholds: [],
                spending_cap: period() === 'mo' ? s.dollars : null,
              },
            );
            expect(response.statusCode, response.body).toBe(200);
          }
          await agree(account, period());
        }
      }),
      { numRuns: 12, seed: 61, endOnFailure: true },
    );
    expect([...seen].sort()).toEqual(
      [
        'annual',
        'monthly',
        'rollover',
        'bonus',
        'overage',
        'cap',
        'late call',
        'upgrade',
        'catalogue change',
        'prorated',
        'repriced',
      ].sort(),
    );
  });
});
