import type { Transactional } from '../../db/handle';
import { closingLines } from './invoice-lines';
import type { NewInvoiceLine } from './invoices-repository';
import { insertLedgerEntries, periodUsage, type LedgerEntry } from './ledger-repository';
import { periodAt } from './periods';
import { findPlan } from './plans-repository';
import { findSubscription, openPeriod, settlePeriod, type OpenPeriod } from './subscription-periods';

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
    const [row] = await tx.query<{ id: string; plan_id: string; starts_at: Date }>(
      `select id, plan_id, starts_at from billing_periods
        where account_id = $1 and starts_at = $2 and closed_at is null`,
      [accountId, sub.current_period_start],
    );
    if (!row) throw new Error(`subscription of ${accountId} has no open period`);
    const plan = (await findPlan(tx, row.plan_id))!;
    const end = new Date(sub.current_period_end);
    const nextPlan = sub.cancel_at_period_end ? null : await findPlan(tx, sub.pending_plan_id ?? sub.plan_id);
    if (nextPlan) {
      // A change of period length starts a new anniversary at the boundary.
      const anchor = nextPlan.period === plan.period ? new Date(sub.anchor_at) : end;
      const next = periodAt(anchor, nextPlan.period, end);
      // The carry from the ended period comes in when that period is settled.
      await openPeriod(tx, accountId, nextPlan, end, next.end, 0);
      await tx.query(
        `update subscriptions set plan_id = $2, pending_plan_id = null, anchor_at = $3,
           current_period_start = $4, current_period_end = $5, updated_at = $6 where account_id = $1`,
        [accountId, nextPlan.id, anchor, end, next.end, now],
      );
    } else {
      await tx.query(
        `update subscriptions set status = 'inactive', cancel_at_period_end = false, pending_plan_id = null,
           updated_at = $2 where account_id = $1`,
        [accountId, now],
      );
    }
    moved++;
  }
}

/** The oldest period of the account that ended by `endedBy` and is not settled yet. */
export async function periodDueToSettle(
  tx: Transactional,
  accountId: string,
  endedBy: Date,
): Promise<OpenPeriod | null> {
  const [row] = await tx.query<{ id: string; starts_at: Date; ends_at: Date; plan_id: string }>(
    `select id, starts_at, ends_at, plan_id from billing_periods
      where account_id = $1 and closed_at is null and ends_at <= $2 order by starts_at limit 1`,
    [accountId, endedBy],
  );
  if (!row) return null;
  const plan = (await findPlan(tx, row.plan_id))!;
  return { id: row.id, accountId, start: new Date(row.starts_at), end: new Date(row.ends_at), plan };
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
  const [next] = await tx.query<{ id: string; plan_id: string; ends_at: Date; closed_at: Date | null }>(
    `select id, plan_id, ends_at, closed_at from billing_periods
      where account_id = $1 and starts_at > $2 and starts_at <= $3 order by starts_at limit 1`,
    [period.accountId, period.start, period.end],
  );
  const nextPlan = next ? await findPlan(tx, next.plan_id) : null;
  const usage = await periodUsage(tx, period.accountId, period.id);
  const carryInto = next && !next.closed_at ? nextPlan : null;
  const carry = await settlePeriod(tx, period, carryInto, period.end, now);
  if (carryInto) {
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
