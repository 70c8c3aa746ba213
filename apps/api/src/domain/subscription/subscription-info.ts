import { ccToCredits, centsToDollars, overageCentsDue, type SubscriptionInfo } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { toPlan, usageFrom, type PeriodUsage, type Plan } from '../billing-engine';
import { pauseInfoFrom } from '../pause';
import { periodDays, periodModel } from '../periods';
import { readSnapshot, type SnapshotRow } from './subscriptions-repository';

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
    // A pause scheduled for the period's end bills no next period (docs/billing.md, "Pausing a plan").
    const ends = sub.cancel_at_period_end || sub.pause?.status === 'scheduled';
    const subscriptionCents = ends ? 0 : (nextPlan?.priceCents ?? 0);
    const cents = subscriptionCents + overageCentsDue(usage.used.overage, usage.overageCentsInvoiced);
    if (cents > 0) {
      nextPaymentDate = period.end.toISOString();
      nextPaymentAmount = centsToDollars(cents);
    }
  }
  // Every figure of the period from its one model, as the forecast, the console and Upgrade now read it.
  const model =
    period && usage && plan ? periodModel({ period, planPeriod: plan.period, ledger: usage, now }) : null;
  const days = periodDays(period, now);
  const exhausted = !!model && plan?.period === 'yr' && model.leftCc <= 0;
  return {
    current_plan: plan ? { credits: plan.creditsCc / 100, period: plan.period, price_id: plan.id } : null,
    plan_credits_used: credits(model?.credits.plan.usedCc),
    rollover_credits_used: credits(model?.credits.rollover.usedCc),
    bonus_credits_used: credits(model?.credits.bonus.usedCc),
    overage_credits_used: credits(model?.overageCc),
    total_credits_used: credits(model?.usedCc),
    rollover_credits_left: credits(model?.credits.rollover.leftCc),
    bonus_credits_left: credits(model?.credits.bonus.leftCc),
    plan_credits_left: credits(model?.credits.plan.leftCc),
    billable_credits_used: credits(usage ? usage.used.overage - usage.overageInvoiced : 0),
    billable_calls: usage?.overageCalls ?? 0,
    next_payment_date: nextPaymentDate,
    next_payment_amount: nextPaymentAmount,
    days_in_period: days.elapsed,
    days_left: days.left,
    period_days: days.days,
    active_users: sub.users ?? 0,
    is_credits_exhausted: exhausted,
    status: sub.status ?? 'inactive',
    cancel_at_period_end: sub.cancel_at_period_end ?? false,
    pending_plan_id: sub.pending_plan_id ?? null,
    period_start: period?.start.toISOString() ?? null,
    period_end: period?.end.toISOString() ?? null,
    pause: pauseInfoFrom(sub.pause, now),
    is_delinquent: sub.is_delinquent ?? false,
  };
}
