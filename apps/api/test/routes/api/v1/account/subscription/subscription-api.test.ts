import { API_ACCOUNT_BASE, SUBSCRIPTION_TEXT } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';

describe.each(drivers)('subscription API (%s)', (driver) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email]) {
      const [p] = await ctx.database.query<{ id: string }>('select id from people where email = $1', [email]);
      tokens[email] = (await issueApiToken(ctx.database, p!.id)).token;
    }
  });
  afterAll(() => ctx?.close());

  const call = (email: string, method: 'GET' | 'POST', path: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `${API_ACCOUNT_BASE}/subscription${path}`,
      headers: { authorization: `Bearer ${tokens[email]}` },
      ...(payload ? { payload } : {}),
    });

  it('API-35 API-36 API-37 API-38 API-39 answers the subscription info, is_delinquent and the plans', async () => {
    const response = await call(DEMO_ADMIN.email, 'GET', '/');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      current_plan: { credits: 30_000, period: 'mo', price_id: 'team-monthly' },
      // The demo's card declined at the last period close (its open invoice is there to pay).
      is_delinquent: true,
      is_subscription_active: true,
      status: 'active',
    });
    for (const key of [
      'plan_credits_used',
      'rollover_credits_used',
      'bonus_credits_used',
      'overage_credits_used',
      'total_credits_used',
      'rollover_credits_left',
      'bonus_credits_left',
      'plan_credits_left',
      'billable_credits_used',
      'billable_calls',
      'next_payment_date',
      'next_payment_amount',
      'days_in_period',
      'days_left',
      'active_users',
      'is_credits_exhausted',
    ]) {
      expect(body).toHaveProperty(key);
    }
    expect(body.active_users).toBeGreaterThanOrEqual(6);
    expect(body.plans.find((p: { price_id: string }) => p.price_id === 'team-monthly')).toEqual({
      price_id: 'team-monthly',
      name: 'Team',
      price: 300,
      period: 'mo',
      credits: 30_000,
      save: null,
      multi_user: true,
    });
    expect(body.plans.some((p: { period: string; save: string | null }) => p.period === 'yr' && p.save)).toBe(
      true,
    );
  });

  it('API-40 API-41 previews a change in plain words, then changes at the period end', async () => {
    const preview = await call(DEMO_ADMIN.email, 'GET', '/change/?plan=firm-monthly');
    expect(preview.statusCode).toBe(200);
    const { messages } = preview.json();
    expect(messages[0]).toMatch(/^Your plan changes from Team monthly to Firm monthly on \w+ \d+, \d{4}/);
    expect(messages.join(' ')).toContain('$750.00 per month');
    const changed = await call(DEMO_ADMIN.email, 'POST', '/change/', { plan: 'firm-monthly' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      message: SUBSCRIPTION_TEXT.changed,
      pending_plan_id: 'firm-monthly',
      current_plan: { price_id: 'team-monthly' },
    });
  });

  it('API-42 API-43 previews and applies a cancellation at the end of the period', async () => {
    const preview = await call(DEMO_ADMIN.email, 'GET', '/cancel/');
    expect(preview.json().messages[0]).toMatch(/subscription ends on/);
    const cancelled = await call(DEMO_ADMIN.email, 'POST', '/cancel/', { reason: 'other' });
    expect(cancelled.json()).toMatchObject({
      message: SUBSCRIPTION_TEXT.cancelled,
      cancel_at_period_end: true,
      status: 'active',
    });
    expect((await call(DEMO_ADMIN.email, 'POST', '/cancel/', { reason: 'other' })).statusCode).toBe(409);
    // Choosing the current plan again withdraws the cancellation.
    const resumed = await call(DEMO_ADMIN.email, 'POST', '/change/', { plan: 'team-monthly' });
    expect(resumed.json()).toMatchObject({ cancel_at_period_end: false, pending_plan_id: null });
  });

  it('Keep this plan undoes a cancellation or a scheduled change of an annual plan and charges nothing', async () => {
    const [holder] = await ctx.database.query<{ account_id: string }>(
      'select account_id from people where email = $1',
      [DEMO_ANNUAL.email],
    );
    const accountId = holder!.account_id;
    const money = () =>
      ctx.database.query(
        `select (select count(*)::int from invoices where account_id = $1) as invoices,
                (select count(*)::int from payments where account_id = $1) as payments,
                (select current_period_end from subscriptions where account_id = $1) as period_end`,
        [accountId],
      );
    const before = await money();
    const nothing = await call(DEMO_ANNUAL.email, 'GET', '/keep/');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('There is no cancellation or scheduled change to undo.');

    expect((await call(DEMO_ANNUAL.email, 'POST', '/cancel/', { reason: 'other' })).statusCode).toBe(200);
    const preview = await call(DEMO_ANNUAL.email, 'GET', '/keep/');
    expect(preview.json().messages).toEqual([
      'Your cancellation is withdrawn.',
      expect.stringMatching(
        /^You stay on the \w+ annual plan; it renews on \w+ \d+, \d{4} at \$[\d,.]+ per year\.$/,
      ),
      'Nothing is charged now.',
    ]);
    const kept = await call(DEMO_ANNUAL.email, 'POST', '/keep/');
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      message: SUBSCRIPTION_TEXT.changed,
      cancel_at_period_end: false,
      pending_plan_id: null,
      is_credits_exhausted: true,
    });

    expect((await call(DEMO_ANNUAL.email, 'POST', '/change/', { plan: 'firm-annual' })).statusCode).toBe(200);
    const cancelPreview = await call(DEMO_ANNUAL.email, 'GET', '/cancel/');
    expect(cancelPreview.json().messages[1]).toMatch(
      /^Your scheduled change to the Firm annual plan is dropped: no plan starts on \w+ \d+, \d{4}\.$/,
    );
    expect((await call(DEMO_ANNUAL.email, 'GET', '/keep/')).json().messages[0]).toBe(
      'Your change to the Firm annual plan is dropped.',
    );
    expect((await call(DEMO_ANNUAL.email, 'POST', '/keep/')).json()).toMatchObject({
      cancel_at_period_end: false,
      pending_plan_id: null,
    });
    // No invoice, no charge, the same year: keeping is never a renewal.
    expect(await money()).toEqual(before);
  });

  it('SUB-13 SUB-14 renews the exhausted annual plan at once with fresh credits', async () => {
    const before = (await call(DEMO_ANNUAL.email, 'GET', '/')).json();
    expect(before).toMatchObject({ is_credits_exhausted: true, current_plan: { period: 'yr' } });
    const preview = await call(DEMO_ANNUAL.email, 'GET', `/change/?plan=${DEMO_ANNUAL.planId}`);
    expect(preview.json().messages[0]).toMatch(/renews today/);
    const renewed = await call(DEMO_ANNUAL.email, 'POST', '/change/', { plan: DEMO_ANNUAL.planId });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({
      message: SUBSCRIPTION_TEXT.renewed,
      is_credits_exhausted: false,
      plan_credits_left: 48_000,
    });
  });

  it('bad input gets a clear 4xx and changes nothing', async () => {
    const before = (await call(DEMO_ADMIN.email, 'GET', '/')).json();
    const unknown = await call(DEMO_ADMIN.email, 'POST', '/change/', { plan: 'platinum' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: "There is no plan 'platinum'." });
    expect((await call(DEMO_ADMIN.email, 'GET', '/change/')).statusCode).toBe(400);
    expect((await call(DEMO_ADMIN.email, 'POST', '/change/', { plan: '' })).statusCode).toBe(400);
    // A single-user plan cannot hold the practice's sub-account users.
    const solo = await call(DEMO_ADMIN.email, 'POST', '/change/', { plan: 'solo-monthly' });
    expect(solo.statusCode).toBe(409);
    expect(solo.json().message).toMatch(/Remove your \d+ sub-account users first/);
    expect((await call(DEMO_ADMIN.email, 'GET', '/')).json()).toEqual(before);
  });

  it('the demo history is 14 months of the engine at work: periods closed in order, every invoice paid but the last close', async () => {
    const [account] = await ctx.database.query<{ id: string }>(
      'select account_id as id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    const periods = await ctx.database.query<{ closed_at: Date | null }>(
      'select closed_at from billing_periods where account_id = $1 order by starts_at',
      [account!.id],
    );
    expect(periods).toHaveLength(15);
    expect(periods.slice(0, -1).every((p) => p.closed_at)).toBe(true);
    const invoices = await ctx.database.query<{ status: string; kind: string }>(
      'select status, kind from invoices where account_id = $1 order by issued_at',
      [account!.id],
    );
    expect(invoices.length).toBeGreaterThanOrEqual(15);
    expect(invoices.some((i) => i.kind === 'interim')).toBe(true);
    const closes = invoices.filter((i) => i.kind !== 'start');
    expect(closes.slice(0, -1).every((i) => i.status === 'paid')).toBe(true);
    expect(closes.at(-1)).toEqual({ kind: 'period', status: 'open' });
  });
});
