import { ROLLOVER_CAP_MULTIPLIER, overageCents, referralBonusCapCc } from '@enq/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE } from '../../../src/db/seed/plans';
import { grantReferralBonus } from '../../../src/domain/billing-engine/billing-engine';
import {
  createAccount,
  createWorld,
  invoicesOf,
  ledgerTotals,
  postCalls,
  useCard,
  type World,
} from '../../helpers/billing-harness';
import { invoiceProblems } from '../../helpers/billing-reconcile';

const START = '2026-01-15T15:00:00Z';
const DAY = 86_400_000;

/** A random history: a plan, a card that pays or declines, and calls spread over some months. */
const history = fc.record({
  planId: fc.constantFrom(...PLAN_CATALOGUE.map((p) => p.id)),
  declines: fc.boolean(),
  months: fc.integer({ min: 1, max: 4 }),
  /** A referral bonus asked for at the start, in centicredits (the engine caps it). */
  bonusCc: fc.integer({ min: 0, max: 20_000_000 }),
  batches: fc.array(
    fc.record({
      day: fc.integer({ min: 0, max: 110 }),
      count: fc.integer({ min: 1, max: 8 }),
      seconds: fc.integer({ min: 0, max: 7_200 }),
    }),
    { maxLength: 8 },
  ),
});

describe('billing invariants over random histories (fast-check, PGlite)', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld('pglite', START);
  });
  afterAll(() => world?.close());

  it('credits are never created or lost; rollover stays under its cap; annual plans never bill overage; invoices add up and reconcile with the ledger; close twice = once; duplicates count once', async () => {
    await fc.assert(
      fc.asyncProperty(history, async ({ planId, declines, months, bonusCc, batches }) => {
        world.clock.set(START);
        const { accountId, pin } = await createAccount(world);
        // A start is paid first; a card that declines later leaves each close's invoice open.
        await world.engine.startSubscription(accountId, planId);
        if (declines) await useCard(world, accountId, '4000000000000002');
        await grantReferralBonus(world.database, accountId, bonusCc, world.clock.now());
        const end = new Date(new Date(START).getTime() + months * 30 * DAY);
        const sorted = [...batches]
          .sort((a, b) => a.day - b.day)
          .filter((b) => b.day * DAY < end.getTime() - Date.parse(START));
        for (const [i, batch] of sorted.entries()) {
          const when = new Date(Date.parse(START) + batch.day * DAY);
          world.clock.set(new Date(when.getTime() + 3 * 3_600_000));
          await world.engine.closeDuePeriods(accountId);
          await postCalls(world, pin, when, batch.count, batch.seconds, `${accountId}-${i}`);
          // The telephony side resends: nothing changes.
          const resent = await postCalls(world, pin, when, batch.count, batch.seconds, `${accountId}-${i}`);
          expect(resent.accepted).toBe(0);
        }
        world.clock.set(end);
        await world.engine.closeDuePeriods(accountId);
        const invoicesOnce = await invoicesOf(world.database, accountId);
        expect(await world.engine.closeDuePeriods(accountId)).toBe(0);
        expect(await invoicesOf(world.database, accountId)).toEqual(invoicesOnce);

        // Conservation: every credit granted is used, expired, or still left; carries move credits.
        const { sum } = await ledgerTotals(world.database, accountId);
        const planRollover = (r: { bucket: string }) =>
          r.bucket === 'plan' || r.bucket === 'rollover' || r.bucket === 'bonus';
        const granted = sum((r) => planRollover(r) && (r.kind === 'grant' || r.kind === 'bonus'));
        const used = 0 - sum((r) => planRollover(r) && r.kind === 'use');
        const expired = 0 - sum((r) => r.kind === 'expire');
        const left = sum(planRollover);
        expect(sum((r) => r.kind === 'carry_in') + sum((r) => r.kind === 'carry_out')).toBe(0);
        expect(granted).toBe(used + expired + left);
        expect(left).toBeGreaterThanOrEqual(0);
        // Every call's credits are drawn exactly once, across plan, rollover, bonus, overage and unbilled.
        const [calls] = await world.database.query<{ total: string }>(
          'select coalesce(sum(credits_used), 0)::text as total from calls where account_id = $1',
          [accountId],
        );
        expect(0 - sum((r) => r.kind === 'use')).toBe(Number(calls!.total));
        const [split] = await world.database.query<{ n: number }>(
          `select count(*)::int as n from calls where account_id = $1
              and plan_credits + rollover_credits + bonus_credits + overage_credits + unbilled_credits <> credits_used`,
          [accountId],
        );
        expect(split!.n).toBe(0);

        // What a period carries in (rollover and bonus together) never exceeds three times the monthly
        // credits of its plan, and an annual period carries nothing in.
        const carries = await world.database.query<{ amount: string; credits: number; period: string }>(
          `select sum(l.amount)::text as amount, p.credits, p.period from credit_ledger l
             join billing_periods b on b.id = l.period_id join plans p on p.id = b.plan_id
            where l.account_id = $1 and l.kind = 'carry_in' group by l.period_id, p.credits, p.period`,
          [accountId],
        );
        for (const c of carries) {
          expect(Number(c.amount)).toBeLessThanOrEqual(c.credits * 100 * ROLLOVER_CAP_MULTIPLIER);
          expect(c.period).toBe('mo');
        }
        // A bonus never lands in the rollover bucket.
        expect(sum((r) => r.bucket === 'rollover' && r.kind === 'bonus')).toBe(0);

        // Annual plans bill no overage; every invoice is subscription + overage credits x $0.01.
        const periodPlans = await world.database.query<{ id: string; period: string }>(
          'select b.id, p.period from billing_periods b join plans p on p.id = b.plan_id where b.account_id = $1',
          [accountId],
        );
        for (const invoice of invoicesOnce) {
          expect(invoice.total_cents).toBe(invoice.subscription_cents + invoice.overage_cents);
          const period = periodPlans.find((p) => p.id === invoice.period_id);
          if (period?.period === 'yr') expect(invoice.overage_cents).toBe(0);
          expect(invoice.status).toBe(declines && invoice.kind !== 'start' ? 'open' : 'paid');
        }
        if (planId.endsWith('annual')) expect(sum((r) => r.bucket === 'overage')).toBe(0);
        // Each closed period's overage is billed exactly once; every row follows docs/billing.md.
        expect(await invoiceProblems(world.database, accountId)).toEqual([]);
        expect(await periodProblems(world, accountId)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });

  it('caps hold on balances and every period bills its overage to the cent, whatever the order of calls, referral bonuses and closes', async () => {
    await fc.assert(
      fc.asyncProperty(events, async ({ planId, steps }) => {
        world.clock.set(START);
        const { accountId, pin } = await createAccount(world);
        await world.engine.startSubscription(accountId, planId);
        for (const [i, step] of [...steps].sort((a, b) => a.day - b.day).entries()) {
          const when = new Date(Date.parse(START) + step.day * DAY + step.minute * 60_000);
          world.clock.set(new Date(when.getTime() + 3 * 3_600_000));
          await world.engine.closeDuePeriods(accountId);
          if (step.bonusCc > 0) await grantReferralBonus(world.database, accountId, step.bonusCc, when);
          else await postCalls(world, pin, when, step.count, step.seconds, `${accountId}-${i}`);
        }
        world.clock.set(new Date(Date.parse(START) + 70 * DAY));
        await world.engine.closeDuePeriods(accountId);
        expect(await periodProblems(world, accountId)).toEqual([]);
        expect(await invoiceProblems(world.database, accountId)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});

/**
 * Calls (enough to pass interim marks within a month, of any length to the second) and referral
 * bonuses of any size, on any plan, over about two months.
 */
const plans = (period: string) => PLAN_CATALOGUE.filter((p) => p.period === period).map((p) => p.id);
const events = fc.record({
  // Mostly monthly plans: they are the ones with overage, rollover and interim invoices.
  planId: fc.oneof(
    { arbitrary: fc.constantFrom(...plans('mo')), weight: 3 },
    { arbitrary: fc.constantFrom(...plans('yr')), weight: 1 },
  ),
  steps: fc.array(
    fc.record({
      day: fc.integer({ min: 0, max: 65 }),
      minute: fc.integer({ min: 0, max: 300 }),
      /** A referral bonus (centicredits) instead of calls when above 0. */
      bonusCc: fc.oneof(
        { arbitrary: fc.constant(0), weight: 3 },
        { arbitrary: fc.integer({ min: 1, max: 40_000_000 }), weight: 1 },
      ),
      count: fc.integer({ min: 1, max: 8 }),
      seconds: fc.integer({ min: 1, max: 14_400 }),
    }),
    { maxLength: 16 },
  ),
});

/**
 * The caps, on balances (MONEY-03, MONEY-06), and the cents of every period's overage, in words (none
 * when all hold): a period's bonus (carried in plus granted) stays within the bonus cap; what it
 * carries in (rollover and bonus) within the rollover cap of its plan; a closed period's invoices bill
 * its overage credits at $0.01 rounded once, an open one's the overage invoiced so far.
 */
async function periodProblems(world: World, accountId: string): Promise<string[]> {
  const periods = await world.database.query<{
    id: string;
    closed: boolean;
    credits: number;
    period: 'mo' | 'yr';
    bonus: string;
    carried_in: string;
    overage: string;
    invoiced_credits: string;
    invoiced_cents: string;
  }>(
    `select b.id, b.closed_at is not null as closed, p.credits, p.period,
            (select coalesce(sum(amount), 0) from credit_ledger l where l.period_id = b.id
                and l.bucket = 'bonus' and l.kind in ('bonus', 'carry_in'))::text as bonus,
            (select coalesce(sum(amount), 0) from credit_ledger l where l.period_id = b.id
                and l.kind = 'carry_in')::text as carried_in,
            (select coalesce(-sum(amount), 0) from credit_ledger l where l.period_id = b.id
                and l.bucket = 'overage' and l.kind = 'use')::text as overage,
            (select coalesce(sum(overage_credits), 0) from invoices i where i.period_id = b.id
                and i.status <> 'void')::text as invoiced_credits,
            (select coalesce(sum(overage_cents), 0) from invoices i where i.period_id = b.id
                and i.status <> 'void')::text as invoiced_cents
       from billing_periods b join plans p on p.id = b.plan_id where b.account_id = $1 order by b.starts_at`,
    [accountId],
  );
  const problems: string[] = [];
  for (const [n, p] of periods.entries()) {
    const capCc = p.credits * 100;
    if (Number(p.bonus) > referralBonusCapCc(capCc, p.period))
      problems.push(`period ${n}: a bonus balance of ${p.bonus} cc is above its cap`);
    if (Number(p.carried_in) > (p.period === 'mo' ? capCc * ROLLOVER_CAP_MULTIPLIER : 0))
      problems.push(`period ${n} starts with ${p.carried_in} cc carried in, above the rollover cap`);
    const billable = p.closed ? Number(p.overage) : Number(p.invoiced_credits);
    if (Number(p.invoiced_cents) !== overageCents(billable))
      problems.push(
        `period ${n}: ${billable} cc of overage cost ${overageCents(billable)} cents, invoiced as ${p.invoiced_cents}`,
      );
  }
  return problems;
}
