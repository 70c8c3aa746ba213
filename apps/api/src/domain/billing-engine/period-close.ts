import type { Transactional } from '../../db/handle';
import { closingLines } from './invoice-lines';
import type { NewInvoiceLine } from './invoices-repository';
import { insertLedgerEntries, periodUsage, type LedgerEntry } from './ledger-repository';
import { periodAt } from './periods';
import { beginPause, endPause, holdCarry, openPause, pauseStartingAt } from './plan-pauses-repository';
import { findPlan } from './plans-repository';
import { openPeriod, settlePeriod } from './subscription-periods';
import {
  endSubscription,
  findSubscription,
  moveSubscriptionOn,
  openPeriodStartingAt,
  periodStartedWithin,
  type OpenPeriod,
} from './subscription-periods-repository';

// A period ends in two steps (docs/billing.md, "Periods and rollover"). At its end the subscription
// moves on: the next period opens with its plan credits, and calls made from then on are booked there.
// The ended period stays open for the grace window, so calls posted a little late are still booked in
// their own period; then it is settled (carry and expiry) and its one closing invoice is issued.

/**
 * Moves an active subscription whose period has ended by `now` into its next period (or ends it when it
 * cancels), leaving the ended period open for late calls. Runs in the caller's transaction, which has
 * locked the subscription row. Returns how many periods it moved past.
 */
export async function rollOverDuePeriods(tx: Transactional, accountId: string, now: Date): Promise<number> {
  let moved = 0;
  for (;;) {
    const sub = await findSubscription(tx, accountId, true);
    if (!sub || sub.status !== 'active' || new Date(sub.current_period_end) > now) return moved;
    const row = await openPeriodStartingAt(tx, accountId, sub.current_period_start);
    if (!row) throw new Error(`subscription of ${accountId} has no open period`);
    const plan = (await findPlan(tx, row.plan_id, new Date(row.starts_at)))!;
    const end = new Date(sub.current_period_end);
    // The next period takes the plan as it is when that period starts (CAT-02).
    const nextPlan = sub.cancel_at_period_end
      ? null
      : await findPlan(tx, sub.pending_plan_id ?? sub.plan_id, end);
    // A pause scheduled for this end takes the next period's place: no period, credits or charge until
    // the resume (docs/billing.md, "Pausing a plan"). A cancellation made since withdraws it.
    const pause = await openPause(tx, accountId);
    if (
      pause?.status === 'scheduled' &&
      (!nextPlan || new Date(pause.starts_at).getTime() !== end.getTime())
    ) {
      await endPause(tx, accountId, pause.id, 'withdrawn', now);
    } else if (pause?.status === 'scheduled' && nextPlan) {
      await beginPause(tx, pause, nextPlan.id, now);
      return moved + 1;
    }
    if (nextPlan) {
      // A change of period length starts a new anniversary at the boundary.
      const anchor = nextPlan.period === plan.period ? new Date(sub.anchor_at) : end;
      const next = periodAt(anchor, nextPlan.period, end);
      // The carry from the ended period comes in when that period is settled.
      await openPeriod(tx, accountId, nextPlan, end, next.end, 0);
      await moveSubscriptionOn(
        tx,
        accountId,
        { planId: nextPlan.id, anchor, start: end, end: next.end },
        now,
      );
    } else {
      await endSubscription(tx, accountId, now);
    }
    moved++;
  }
}

/**
 * Settles an ended period: what carries over goes into the period that followed it (when that is still
 * open), the rest expires, and the period is closed for good. Returns the lines of its closing invoice:
 * the following period's subscription, its credits used within the plan and its overage not yet invoiced.
 */
export async function settleEndedPeriod(
  tx: Transactional,
  period: OpenPeriod,
  now: Date,
): Promise<NewInvoiceLine[]> {
  // The period the subscription moved on to at this one's end (not one a later new subscription began).
  const next = await periodStartedWithin(tx, period.accountId, period.start, period.end);
  const nextPlan = next ? await findPlan(tx, next.plan_id, new Date(next.starts_at)) : null;
  const usage = await periodUsage(tx, period.accountId, period.id);
  // A pause that began at this end holds the carry, unaged, for the period its resume opens.
  const pause = next ? null : await pauseStartingAt(tx, period.accountId, period.end);
  const pausePlan = pause ? await findPlan(tx, pause.plan_id, period.end) : null;
  const carryInto = next && !next.closed_at ? nextPlan : pausePlan;
  const carry = await settlePeriod(tx, period, carryInto, period.end, now);
  if (pause) await holdCarry(tx, period.accountId, pause.id, carry);
  if (carryInto && next) {
    const entries: LedgerEntry[] = (['rollover', 'bonus'] as const)
      .filter((bucket) => carry[bucket] > 0)
      .map((bucket) => ({
        accountId: period.accountId,
        periodId: next!.id,
        bucket,
        kind: 'carry_in',
        amount: carry[bucket],
        at: period.end,
      }));
    await insertLedgerEntries(tx, entries);
  }
  const following =
    next && nextPlan ? { plan: nextPlan, period: { start: period.end, end: new Date(next.ends_at) } } : null;
  return closingLines(period.plan, period, usage, following);
}
