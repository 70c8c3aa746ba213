import { ccToCredits, centsToDollars, overageCentsDue, type SubscriptionInfo } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { creditsLeft, creditsUsed, usageFrom, type PeriodUsage } from '../billing-engine/ledger-repository';
import { toPlan, type Plan } from '../billing-engine/plans-repository';
import { readSnapshot, type SnapshotRow } from './subscriptions-repository';

const DAY_MS = 86_400_000;

interface Snapshot {
  row: SnapshotRow;
  plan: Plan | null;
  nextPlan: Plan | null;
  period: { start: Date; end: Date } | null;
  usage: PeriodUsage | null;
}

function snapshotFrom(row: SnapshotRow): Snapshot {
  const period =
    row.period_id && row.starts_at && row.ends_at
      ? { start: new Date(row.starts_at), end: new Date(row.ends_at) }
      : null;
  const usage = period
    ? usageFrom(
        row.sums ?? [],
        { credits: row.invoiced ?? 0, cents: row.invoiced_cents ?? 0 },
        {
          calls: row.calls ?? 0,
          overage_calls: row.overage_calls ?? 0,
        },
      )
    : null;
  return {
    row,
    plan: row.plan ? toPlan(row.plan) : null,
    nextPlan: row.next_plan ? toPlan(row.next_plan) : null,
    period,
    usage,
  };
}

/** The subscription summary, computed from the ledger at `now`. */
export async function subscriptionInfo(
  q: Transactional,
  accountId: string,
  now: Date,
): Promise<FullSubscriptionInfo> {
  return subscriptionInfoFrom(await readSnapshot(q, accountId), now);
}

export type FullSubscriptionInfo = SubscriptionInfo & { is_delinquent: boolean };

/** The summary from a row of SNAPSHOT_SQL (which the overview reads inside its own statement). */
export function subscriptionInfoFrom(row: SnapshotRow, now: Date): FullSubscriptionInfo {
  const { row: sub, plan, nextPlan, period, usage } = snapshotFrom(row);
  const credits = (cc: number | undefined) => ccToCredits(cc ?? 0);

  let nextPaymentDate: string | null = null;
  let nextPaymentAmount: number | null = null;
  if (period && usage) {
    // The closing invoice's overage: the period's, rounded once, less what interim invoices billed.
    const subscriptionCents = sub.cancel_at_period_end ? 0 : (nextPlan?.priceCents ?? 0);
    const cents = subscriptionCents + overageCentsDue(usage.used.overage, usage.overageCentsInvoiced);
    if (cents > 0) {
      nextPaymentDate = period.end.toISOString();
      nextPaymentAmount = centsToDollars(cents);
    }
  }
  const exhausted = !!period && plan?.period === 'yr' && !!usage && creditsLeft(usage) <= 0;
  return {
    current_plan: plan ? { credits: plan.creditsCc / 100, period: plan.period, price_id: plan.id } : null,
    plan_credits_used: credits(usage?.used.plan),
    rollover_credits_used: credits(usage?.used.rollover),
    bonus_credits_used: credits(usage?.used.bonus),
    overage_credits_used: credits(usage?.used.overage),
    total_credits_used: credits(usage ? creditsUsed(usage) : 0),
    rollover_credits_left: credits(Math.max(usage?.left.rollover ?? 0, 0)),
    bonus_credits_left: credits(Math.max(usage?.left.bonus ?? 0, 0)),
    plan_credits_left: credits(Math.max(usage?.left.plan ?? 0, 0)),
    billable_credits_used: credits(usage ? usage.used.overage - usage.overageInvoiced : 0),
    billable_calls: usage?.overageCalls ?? 0,
    next_payment_date: nextPaymentDate,
    next_payment_amount: nextPaymentAmount,
    ...periodDays(period, now),
    active_users: sub.users ?? 0,
    is_credits_exhausted: exhausted,
    status: sub.status ?? 'inactive',
    cancel_at_period_end: sub.cancel_at_period_end ?? false,
    pending_plan_id: sub.pending_plan_id ?? null,
    period_start: period?.start.toISOString() ?? null,
    period_end: period?.end.toISOString() ?? null,
    is_delinquent: sub.is_delinquent ?? false,
  };
}

/**
 * days_in_period is the whole days elapsed in the period and days_left the days to its
 * end counted up, so the two add up to the period's length (in whole days; a New York daylight-saving
 * change makes a month 1 hour longer or shorter, which rounds away). No period: both 0, so the
 * overview's first-week panel shows for an account with no active period.
 */
export function periodDays(
  period: { start: Date; end: Date } | null,
  now: Date,
): { days_in_period: number; days_left: number } {
  if (!period) return { days_in_period: 0, days_left: 0 };
  const length = Math.round((period.end.getTime() - period.start.getTime()) / DAY_MS);
  const elapsed = Math.floor((now.getTime() - period.start.getTime()) / DAY_MS);
  const daysInPeriod = Math.min(Math.max(elapsed, 0), length);
  return { days_in_period: daysInPeriod, days_left: length - daysInPeriod };
}
