import { ccToCredits, centsToDollars, overageCents, type SubscriptionInfo } from '@enq/contract';
import type { Queryable } from '../../db/client';
import { currentPeriod, findSubscription } from './billing-engine';
import { periodUsage } from './ledger-repository';
import { findPlan } from './plans-repository';

const DAY_MS = 86_400_000;

/** The subscription summary, computed from the ledger at `now`. */
export async function subscriptionInfo(
  q: Queryable,
  accountId: string,
  now: Date,
): Promise<SubscriptionInfo & { is_delinquent: boolean }> {
  const sub = await findSubscription(q, accountId);
  const [users] = await q.query<{ n: number }>(
    'select count(*)::int as n from people where account_id = $1 and pin is not null',
    [accountId],
  );
  const period = sub?.status === 'active' ? await currentPeriod(q, accountId) : null;
  const usage = period ? await periodUsage(q, accountId, period.id) : null;
  const plan = sub ? await findPlan(q, sub.plan_id) : null;
  const nextPlan = sub?.pending_plan_id ? await findPlan(q, sub.pending_plan_id) : plan;
  const credits = (cc: number | undefined) => ccToCredits(cc ?? 0);

  let nextPaymentDate: string | null = null;
  let nextPaymentAmount: number | null = null;
  if (period && usage && sub) {
    const unbilled = usage.used.overage - usage.overageInvoiced;
    const subscriptionCents = sub.cancel_at_period_end ? 0 : (nextPlan?.priceCents ?? 0);
    const cents = subscriptionCents + overageCents(unbilled);
    if (cents > 0) {
      nextPaymentDate = period.end.toISOString();
      nextPaymentAmount = centsToDollars(cents);
    }
  }
  const exhausted =
    !!period && period.plan.period === 'yr' && !!usage && usage.left.plan + usage.left.rollover <= 0;
  return {
    current_plan: plan ? { credits: plan.creditsCc / 100, period: plan.period, price_id: plan.id } : null,
    plan_credits_used: credits(usage?.used.plan),
    rollover_credits_used: credits(usage?.used.rollover),
    overage_credits_used: credits(usage?.used.overage),
    total_credits_used: credits(
      usage ? usage.used.plan + usage.used.rollover + usage.used.overage + usage.used.unbilled : 0,
    ),
    rollover_credits_left: credits(Math.max(usage?.left.rollover ?? 0, 0)),
    plan_credits_left: credits(Math.max(usage?.left.plan ?? 0, 0)),
    billable_credits_used: credits(usage ? usage.used.overage - usage.overageInvoiced : 0),
    billable_calls: usage?.overageCalls ?? 0,
    next_payment_date: nextPaymentDate,
    next_payment_amount: nextPaymentAmount,
    days_in_period: period ? Math.round((period.end.getTime() - period.start.getTime()) / DAY_MS) : 0,
    days_left: period ? Math.max(0, Math.ceil((period.end.getTime() - now.getTime()) / DAY_MS)) : 0,
    active_users: users?.n ?? 0,
    is_credits_exhausted: exhausted,
    status: sub?.status ?? 'inactive',
    cancel_at_period_end: sub?.cancel_at_period_end ?? false,
    pending_plan_id: sub?.pending_plan_id ?? null,
    period_start: period?.start.toISOString() ?? null,
    period_end: period?.end.toISOString() ?? null,
    is_delinquent: sub?.is_delinquent ?? false,
  };
}
