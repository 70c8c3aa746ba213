import { creditsForCall, overageCents } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodUsage } from '../../../src/domain/billing-engine/ledger-repository';
import { grantReferralBonus } from '../../../src/domain/billing-engine/billing-engine';
import { currentPeriod } from '../../../src/domain/billing-engine/subscription-periods-repository';
import { subscriptionInfo } from '../../../src/domain/subscription/subscription-info';
import { applyCancel, applyPlanChange } from '../../../src/domain/subscription/subscription-changes';
import { seedDemoHistory } from '../../../src/db/seed/demo-billing';
import { drivers } from '../../helpers/app';
import {
  DESTINATION,
  accountWithDeclinedClose,
  createAccount,
  createWorld,
  invoicesOf,
  ledgerTotals,
  postCalls,
  useCard,
  type World,
} from '../../helpers/billing-harness';
import { authorizeCall } from '../../../src/domain/telephony/authorize';

// 10:00 in New York on a weekday; the subscription anniversaries fall on the 15th.
const START = '2026-01-15T15:00:00Z';

describe.each(drivers)('billing engine (%s)', (driver) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(driver, START);
  });
  afterAll(() => world?.close());

  const deps = () => world.billing.deps(world.database);
  const at = (iso: string) => world.clock.set(iso);

  it('starts a subscription with its credits and a paid prepaid invoice', async () => {
    at(START);
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    const info = await subscriptionInfo(world.database, accountId, world.clock.now());
    expect(info).toMatchObject({
      plan_credits_left: 30_000,
      total_credits_used: 0,
      days_in_period: 0, // whole days elapsed: none yet
      days_left: 31,
      status: 'active',
    });
    const [invoice] = await invoicesOf(world.database, accountId);
    expect(invoice).toMatchObject({ kind: 'start', status: 'paid', total_cents: 30_000 });
  });

  it('MONEY-01 rates each call by destination and New York time, drawing plan credits first', async () => {
    at(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    const when = new Date('2026-01-16T15:00:00Z');
    at('2026-01-16T16:00:00Z');
    const result = await postCalls(world, pin, when, 3, 600);
    expect(result).toMatchObject({ accepted: 3, duplicates: 0, rejected: [] });
    const rate = world.rates.rateFor(DESTINATION, when)!;
    const perCall = creditsForCall(600, rate);
    const rows = await world.database.query<{ billing_rate: string; credits_used: string }>(
      'select billing_rate, credits_used from calls where account_id = $1',
      [accountId],
    );
    expect(rows.every((r) => Number(r.billing_rate) === rate && Number(r.credits_used) === perCall)).toBe(
      true,
    );
    const info = await subscriptionInfo(world.database, accountId, world.clock.now());
    expect(info.plan_credits_used).toBe((3 * perCall) / 100);
    expect(info.plan_credits_left).toBe(30_000 - (3 * perCall) / 100);
  });

  it('a resent batch changes nothing: a duplicate call_uuid counts once', async () => {
    at(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    at('2026-01-20T16:00:00Z');
    const when = new Date('2026-01-20T15:00:00Z');
    await postCalls(world, pin, when, 5, 300, 'resend-batch');
    const again = await postCalls(world, pin, when, 5, 300, 'resend-batch');
    expect(again).toMatchObject({ accepted: 0, duplicates: 5 });
    const [{ n }] = (await world.database.query<{ n: number }>(
      'select count(*)::int as n from calls where account_id = $1',
      [accountId],
    )) as [{ n: number }];
    expect(n).toBe(5);
  });

  it('rejects a bad record with its index and reason and keeps the rest', async () => {
    at(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    const good = {
      call_uuid: 'ok-1',
      pin,
      call_timestamp: START,
      destination: DESTINATION,
      caller_id_number: '',
      billed_duration: 60,
    };
    const result = await (
      await import('../../../src/domain/telephony/ingest')
    ).ingestCalls(
      { database: world.database, rates: world.rates, engine: world.engine, now: world.clock.now() },
      [
        good,
        { ...good, call_uuid: 'bad-1', billed_duration: -5 },
        { ...good, call_uuid: 'bad-2', pin: '000000x' },
        { ...good, call_uuid: 'bad-3', destination: 'Nowhere' },
      ],
    );
    expect(result.accepted).toBe(1);
    expect(result.rejected.map((r) => [r.index, r.call_uuid])).toEqual([
      [1, 'bad-1'],
      [2, 'bad-2'],
      [3, 'bad-3'],
    ]);
    expect(result.rejected[0]!.reason).toContain('billed_duration');
    expect(result.rejected[2]!.reason).toContain("no rate for destination 'Nowhere'");
  });

  it('MONEY-03 unused monthly credits roll over, capped at three times the monthly credits (90k on 30k)', async () => {
    at(START);
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    const carried: number[] = [];
    for (const month of ['2026-02-15', '2026-03-15', '2026-04-15', '2026-05-15']) {
      at(`${month}T15:00:00Z`);
      await world.engine.closeDuePeriods(accountId);
      const info = await subscriptionInfo(world.database, accountId, world.clock.now());
      carried.push(info.rollover_credits_left);
    }
    expect(carried).toEqual([30_000, 60_000, 90_000, 90_000]);
    const { sum } = await ledgerTotals(world.database, accountId);
    expect(-sum((r) => r.kind === 'expire')).toBe(3_000_000); // the 30k that did not fit in May
  });

  it('MONEY-08 the closing invoice combines the next prepaid month and the overage at $0.01 a credit', async () => {
    at(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'solo-monthly'); // 4,000 credits
    at('2026-02-02T16:00:00Z');
    await postCalls(world, pin, new Date('2026-02-02T15:00:00Z'), 10, 900); // ~10 x 15 min x 58 credits
    const period = (await currentPeriod(world.database, accountId))!;
    const usage = await periodUsage(world.database, accountId, period.id);
    expect(usage.used.overage).toBeGreaterThan(0);
    at('2026-02-15T15:00:00Z');
    expect(await world.engine.closeDuePeriods(accountId)).toBe(1);
    const closing = (await invoicesOf(world.database, accountId)).find((i) => i.kind === 'period')!;
    expect(closing.subscription_cents).toBe(5_000);
    expect(Number(closing.overage_credits)).toBe(usage.used.overage);
    expect(closing.overage_cents).toBe(overageCents(usage.used.overage));
    expect(closing.total_cents).toBe(5_000 + closing.overage_cents);
    expect(closing.status).toBe('paid');
  });

  it('MONEY-09 crossing $300, $500 and $1,000 of overage each issues an interim invoice, charged at once', async () => {
    at(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'solo-monthly');
    const when = new Date('2026-01-20T15:00:00Z');
    const rate = world.rates.rateFor(DESTINATION, when)!;
    // Minutes to reach a dollar amount of overage past the 4,000 plan credits.
    const minutesFor = (dollars: number) => Math.ceil((4_000 + dollars * 100) / (rate / 100));
    at('2026-01-20T23:00:00Z');
    const interim = async () =>
      (await invoicesOf(world.database, accountId)).filter((i) => i.kind === 'interim');
    await postCalls(world, pin, when, 1, minutesFor(250) * 60, 'a');
    expect(await interim()).toHaveLength(0);
    await postCalls(
      world,
      pin,
      new Date(when.getTime() + 5 * 60_000),
      1,
      (minutesFor(320) - minutesFor(250)) * 60,
      'b',
    );
    expect(await interim()).toHaveLength(1);
    await postCalls(
      world,
      pin,
      new Date(when.getTime() + 10 * 60_000),
      1,
      (minutesFor(520) - minutesFor(320)) * 60,
      'c',
    );
    await postCalls(world, pin, new Date(when.getTime() + 12 * 60_000), 1, 60, 'd'); // no new mark: nothing new
    expect(await interim()).toHaveLength(2);
    await postCalls(
      world,
      pin,
      new Date(when.getTime() + 15 * 60_000),
      1,
      (minutesFor(1_010) - minutesFor(520)) * 60,
      'e',
    );
    const invoices = await interim();
    expect(invoices).toHaveLength(3);
    expect(invoices.every((i) => i.status === 'paid' && i.subscription_cents === 0)).toBe(true);
    const period = (await currentPeriod(world.database, accountId))!;
    const usage = await periodUsage(world.database, accountId, period.id);
    expect(invoices.reduce((t, i) => t + Number(i.overage_credits), 0)).toBe(usage.used.overage);
  });

  it('MONEY-04 MONEY-05 an annual plan bills no overage, carries nothing over, and refuses usage once exhausted', async () => {
    at(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'solo-annual'); // 48,000 credits a year
    at('2026-03-03T20:00:00Z');
    await postCalls(world, pin, new Date('2026-03-03T15:00:00Z'), 20, 3600); // ~20 hours: more than 48k
    const info = await subscriptionInfo(world.database, accountId, world.clock.now());
    expect(info.is_credits_exhausted).toBe(true);
    expect(info.overage_credits_used).toBe(0);
    expect((await invoicesOf(world.database, accountId)).every((i) => i.overage_cents === 0)).toBe(true);
    at('2027-01-15T15:00:00Z');
    await world.engine.closeDuePeriods(accountId);
    const renewed = await subscriptionInfo(world.database, accountId, world.clock.now());
    expect(renewed).toMatchObject({
      plan_credits_left: 48_000,
      rollover_credits_left: 0,
      is_credits_exhausted: false,
    });
    expect((await invoicesOf(world.database, accountId)).every((i) => i.overage_cents === 0)).toBe(true);
  });

  it('SUB-14 renewing an annual plan early starts a new year now with fresh credits and a new invoice', async () => {
    at(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'solo-annual');
    at('2026-04-01T20:00:00Z');
    await postCalls(world, pin, new Date('2026-04-01T15:00:00Z'), 20, 3600);
    expect(await applyPlanChange(deps(), world.engine, accountId, 'solo-annual', null)).toBe('renew');
    const info = await subscriptionInfo(world.database, accountId, world.clock.now());
    expect(info).toMatchObject({
      plan_credits_left: 48_000,
      is_credits_exhausted: false,
      period_start: '2026-04-01T20:00:00.000Z',
    });
    // One invoice closes the renewed year (its 20 hours of calls, included) and prepays the next.
    const invoices = await invoicesOf(world.database, accountId);
    const renewal = invoices.filter((i) => i.summary === 'Renewal');
    const yearPrice = invoices.find((i) => i.summary === 'Subscription')!.subscription_cents;
    expect(renewal).toMatchObject([{ status: 'paid', subscription_cents: yearPrice, overage_cents: 0 }]);
    const [used] = await world.database.query<{ credits: string }>(
      `select sum(quantity)::text as credits from invoice_lines where account_id = $1 and invoice_id = $2
          and kind = 'included'`,
      [accountId, renewal[0]!.id],
    );
    const [calls] = await world.database.query<{ credits: string }>(
      'select sum(credits_used)::text as credits from calls where account_id = $1',
      [accountId],
    );
    expect(Number(used!.credits)).toBe(Number(calls!.credits));
  });

  it('a declined renewal or start changes nothing: no credits, no new period, calls still refused', async () => {
    at(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'solo-annual');
    at('2026-04-01T20:00:00Z');
    await postCalls(world, pin, new Date('2026-04-01T15:00:00Z'), 200, 3600);
    expect(await authorizeCall(world.database, pin)).toEqual({ allowed: false, reason: 'credits exhausted' });
    const before = await subscriptionInfo(world.database, accountId, world.clock.now());
    await useCard(world, accountId, '4000000000000341');
    await expect(applyPlanChange(deps(), world.engine, accountId, 'solo-annual', null)).rejects.toMatchObject(
      {
        kind: 'payment-failed',
        message: 'Your card was declined.',
      },
    );
    expect(await subscriptionInfo(world.database, accountId, world.clock.now())).toEqual(before);
    expect(await authorizeCall(world.database, pin)).toEqual({ allowed: false, reason: 'credits exhausted' });
    const renewal = (await invoicesOf(world.database, accountId)).filter((i) => i.summary === 'Renewal');
    expect(renewal.map((i) => i.status)).toEqual(['void']);

    // A plan started on a declining card starts nothing either.
    const fresh = await createAccount(world, '4000000000000341');
    await expect(
      applyPlanChange(deps(), world.engine, fresh.accountId, 'team-monthly', null),
    ).rejects.toMatchObject({
      kind: 'payment-failed',
    });
    expect((await subscriptionInfo(world.database, fresh.accountId, world.clock.now())).status).toBe(
      'inactive',
    );
    expect(await authorizeCall(world.database, fresh.pin)).toEqual({
      allowed: false,
      reason: 'subscription inactive',
    });
    const credits = await world.database.query('select 1 from credit_ledger where account_id = $1', [
      fresh.accountId,
    ]);
    expect(credits).toEqual([]);
  });

  it('a plan change waits for the period end; a cancellation ends the subscription then', async () => {
    at(START);
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    expect(await applyPlanChange(deps(), world.engine, accountId, 'firm-monthly', null)).toBe('change');
    expect(
      (await subscriptionInfo(world.database, accountId, world.clock.now())).current_plan?.price_id,
    ).toBe('team-monthly');
    at('2026-02-15T15:00:00Z');
    await world.engine.closeDuePeriods(accountId);
    const changed = await subscriptionInfo(world.database, accountId, world.clock.now());
    expect(changed).toMatchObject({
      current_plan: { price_id: 'firm-monthly' },
      plan_credits_left: 80_000,
      rollover_credits_left: 30_000,
    });
    await applyCancel(deps(), accountId, null);
    const before = (await invoicesOf(world.database, accountId)).length;
    at('2026-03-15T15:00:00Z');
    await world.engine.closeDuePeriods(accountId);
    const ended = await subscriptionInfo(world.database, accountId, world.clock.now());
    expect(ended.status).toBe('inactive');
    // Nothing to bill at the end: no next month and no overage.
    expect(await invoicesOf(world.database, accountId)).toHaveLength(before);
  });

  it("a cancelled subscription's last period, used within its plan, still gets its $0 row, paid", async () => {
    at(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    at('2026-01-21T15:00:00Z');
    expect((await postCalls(world, pin, new Date('2026-01-20T15:00:00Z'), 10, 600)).accepted).toBe(10);
    await applyCancel(deps(), accountId, null);
    at('2026-02-15T15:00:00Z');
    await world.engine.closeDuePeriods(accountId);
    const last = (await invoicesOf(world.database, accountId)).at(-1)!;
    expect(last).toMatchObject({ summary: 'Period close', status: 'paid', total_cents: 0 });
    const [calls] = await world.database.query<{ credits: string }>(
      'select sum(credits_used)::text as credits from calls where account_id = $1',
      [accountId],
    );
    expect(Number(last.credits_used)).toBe(Number(calls!.credits));
    expect(world.sandbox.store.succeeded()).toBeGreaterThan(0);
  });

  it('after downtime it closes every missed period in order, and running it twice changes nothing', async () => {
    at(START);
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    at('2026-05-20T15:00:00Z');
    expect(await world.engine.closeDuePeriods(accountId)).toBe(4);
    const before = await invoicesOf(world.database, accountId);
    expect(await world.engine.closeDuePeriods(accountId)).toBe(0);
    expect(await invoicesOf(world.database, accountId)).toEqual(before);
    const periods = await world.database.query<{ starts_at: Date }>(
      'select starts_at from billing_periods where account_id = $1 order by starts_at',
      [accountId],
    );
    expect(periods.map((p) => new Date(p.starts_at).toISOString().slice(0, 10))).toEqual([
      '2026-01-15',
      '2026-02-15',
      '2026-03-15',
      '2026-04-15',
      '2026-05-15',
    ]);
  });

  it('a declined close leaves the invoice open, records the failure and makes the account delinquent', async () => {
    at(START);
    const { accountId, invoiceId } = await accountWithDeclinedClose(world);
    const [invoice] = await world.database.query<{ status: string }>(
      'select status from invoices where account_id = $1 and id = $2',
      [accountId, invoiceId],
    );
    expect(invoice!.status).toBe('open');
    const [payment] = await world.database.query<{
      status: string;
      failure_code: string;
      failure_message: string;
    }>(
      'select status, failure_code, failure_message from payments where account_id = $1 and invoice_id = $2',
      [accountId, invoiceId],
    );
    expect(payment).toEqual({
      status: 'failed',
      failure_code: 'card_declined',
      failure_message: 'Your card was declined.',
    });
    expect((await subscriptionInfo(world.database, accountId, world.clock.now())).is_delinquent).toBe(true);
  });

  it('concurrent charges of one invoice charge once and all report the payment', async () => {
    for (let round = 0; round < 10; round++) {
      at(START);
      const { accountId, invoiceId } = await accountWithDeclinedClose(world);
      await useCard(world, accountId, '4242424242424242');
      const charged = world.sandbox.store.succeeded();
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () => world.engine.chargeInvoice(accountId, invoiceId, { waitMs: 5_000 })),
      );
      expect(world.sandbox.store.succeeded() - charged).toBe(1);
      expect(outcomes.every((o) => o.state === 'paid')).toBe(true);
      const payments = await world.database.query(
        'select 1 from payments where account_id = $1 and invoice_id = $2 and status = $3',
        [accountId, invoiceId, 'succeeded'],
      );
      expect(payments).toHaveLength(1);
      expect((await subscriptionInfo(world.database, accountId, world.clock.now())).is_delinquent).toBe(
        false,
      );
    }
  });
});

describe('referral bonus (pglite)', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld('pglite', START);
  });
  afterAll(() => world?.close());

  it('MONEY-06 is capped at 3x the monthly credits, or 25% of the yearly allocation', async () => {
    const monthly = await createAccount(world);
    await world.engine.startSubscription(monthly.accountId, 'team-monthly');
    expect(await grantReferralBonus(world.database, monthly.accountId, 5_000_000, world.clock.now())).toBe(
      5_000_000,
    );
    expect(await grantReferralBonus(world.database, monthly.accountId, 5_000_000, world.clock.now())).toBe(
      4_000_000,
    ); // 90k cap
    expect(await grantReferralBonus(world.database, monthly.accountId, 100, world.clock.now())).toBe(0);
    const annual = await createAccount(world);
    await world.engine.startSubscription(annual.accountId, 'team-annual'); // 360,000 credits
    expect(await grantReferralBonus(world.database, annual.accountId, 20_000_000, world.clock.now())).toBe(
      9_000_000,
    );
    const info = await subscriptionInfo(world.database, monthly.accountId, world.clock.now());
    expect(info).toMatchObject({ rollover_credits_left: 0, bonus_credits_left: 90_000 });
  });

  it('MONEY-07 goes only to a paying subscriber in good standing', async () => {
    const declined = await createAccount(world, '4000000000000002');
    await world.engine.startSubscription(declined.accountId, 'team-monthly'); // first charge declined: delinquent
    expect(await grantReferralBonus(world.database, declined.accountId, 100_000, world.clock.now())).toBe(0);
    const none = await createAccount(world);
    expect(await grantReferralBonus(world.database, none.accountId, 100_000, world.clock.now())).toBe(0);
  });
});

describe('a 14-month history through the injectable clock (pglite)', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld('pglite', START);
  });
  afterAll(() => world?.close());

  it.each([
    ['team-monthly', 15],
    ['practice-annual', 2],
  ])(
    '%s: periods close in order, every invoice is paid, and the ledger balances',
    async (planId, periods) => {
      const { accountId } = await createAccount(world);
      const now = new Date('2027-03-20T18:00:00Z');
      await seedDemoHistory(world.database, {
        accountId,
        planId,
        months: 14,
        callsPerMonth: 60,
        now,
        seed: 11,
      });
      const rows = await world.database.query<{ starts_at: Date; closed_at: Date | null }>(
        'select starts_at, closed_at from billing_periods where account_id = $1 order by starts_at',
        [accountId],
      );
      expect(rows).toHaveLength(periods);
      expect(rows.filter((r) => !r.closed_at)).toHaveLength(1);
      const invoices = await invoicesOf(world.database, accountId);
      expect(invoices.every((i) => i.status === 'paid')).toBe(true);
      expect(invoices.filter((i) => i.kind === 'period')).toHaveLength(periods - 1);
      if (planId.endsWith('annual')) expect(invoices.every((i) => i.overage_cents === 0)).toBe(true);
      const { sum } = await ledgerTotals(world.database, accountId);
      const [calls] = await world.database.query<{ total: string }>(
        'select sum(credits_used)::text as total from calls where account_id = $1',
        [accountId],
      );
      expect(0 - sum((r) => r.kind === 'use')).toBe(Number(calls!.total));
      expect(sum((r) => r.kind === 'carry_in') + sum((r) => r.kind === 'carry_out')).toBe(0);
    },
  );
});
