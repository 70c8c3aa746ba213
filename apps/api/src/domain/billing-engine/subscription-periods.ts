import type { Transactional } from '../../db/handle';
import { insertLedgerEntries, periodUsage, type LedgerEntry } from './ledger-repository';
import type { Plan } from './plans-repository';
import { closingCarry, type Carry } from './rules';
import { insertPeriod, markPeriodClosed, type OpenPeriod } from './subscription-periods-repository';

// What opening and settling a period writes to the credit ledger; the periods' own rows are in
// subscription-periods-repository.ts.

/**
 * Opens a period and grants its plan credits, and what the previous period carried in: rollover into
 * the rollover bucket, bonus into the bonus bucket (0 when nothing carries: a start or a renewal).
 * A carry above the rollover cap of the plan it opens (MONEY-03: rollover and bonus together at most 3x
 * its monthly credits, nothing into an annual period) is refused, not trimmed: the previous period has
 * carried it out, so trimming here would lose credits from the ledger. settlePeriod carries within it.
 */
export async function openPeriod(
  q: Transactional,
  accountId: string,
  plan: Plan,
  start: Date,
  end: Date,
  carryIn: Carry | 0,
): Promise<string> {
  if (carryIn !== 0) {
    const within = closingCarry({ plan: 0, ...carryIn }, 'mo', plan).carry;
    if (within.rollover !== carryIn.rollover || within.bonus !== carryIn.bonus)
      throw new Error(
        `a carry of ${carryIn.rollover} + ${carryIn.bonus} cc is above the rollover cap of ${plan.id}`,
      );
  }
  const periodId = await insertPeriod(q, accountId, plan.id, start, end);
  const entries: LedgerEntry[] = [
    {
      accountId,
      periodId: periodId,
      bucket: 'plan',
      kind: 'grant',
      amount: plan.creditsCc,
      at: start,
      note: plan.id,
    },
  ];
  for (const bucket of ['rollover', 'bonus'] as const) {
    const amount = carryIn === 0 ? 0 : carryIn[bucket];
    if (amount > 0)
      entries.push({ accountId, periodId: periodId, bucket, kind: 'carry_in', amount, at: start });
  }
  await insertLedgerEntries(q, entries);
  return periodId;
}

/**
 * Writes the close of a period: carry out what rolls over, expire the rest. Returns the carry by the
 * bucket it lands in next. Plan and rollover credits fill the cap before bonus (closingCarry); within
 * them the older rollover credits go first, so the carry out is taken from rollover, then plan.
 */
export async function settlePeriod(
  q: Transactional,
  period: OpenPeriod,
  next: Plan | null,
  at: Date,
  /** When the close happens: after the period's end by the grace window (docs/billing.md). */
  closedAt: Date = at,
): Promise<Carry> {
  const usage = await periodUsage(q, period.accountId, period.id);
  const { carry } = closingCarry(
    usage.left,
    period.plan.period,
    next ? { period: next.period, creditsCc: next.creditsCc } : null,
  );
  const left = (bucket: 'plan' | 'rollover' | 'bonus') => Math.max(usage.left[bucket], 0);
  const fromRollover = Math.min(left('rollover'), carry.rollover);
  const fromPlan = carry.rollover - fromRollover;
  const entries: LedgerEntry[] = [];
  const add = (bucket: 'plan' | 'rollover' | 'bonus', kind: 'carry_out' | 'expire', amount: number) => {
    if (amount > 0)
      entries.push({ accountId: period.accountId, periodId: period.id, bucket, kind, amount: -amount, at });
  };
  add('rollover', 'carry_out', fromRollover);
  add('plan', 'carry_out', fromPlan);
  add('bonus', 'carry_out', carry.bonus);
  add('rollover', 'expire', left('rollover') - fromRollover);
  add('plan', 'expire', left('plan') - fromPlan);
  add('bonus', 'expire', left('bonus') - carry.bonus);
  await insertLedgerEntries(q, entries);
  await markPeriodClosed(q, period.id, closedAt);
  return carry;
}
