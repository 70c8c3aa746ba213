import { ACCOUNTS_TEXT, centsToDollars, planLabel, type ScheduledChange } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import type { FullSubscriptionInfo } from '../subscription';
import { plansByIds, upcomingPlanVersions } from './plan-names-repository';

/**
 * What is scheduled for the account (CONS-07), soonest first: a cancellation or a plan change at the
 * period's end, as the customer's Subscription page has them, and the catalogue's price changes of the
 * plan the customer is on (unless it ends) or is changing to, from the instant the catalogue set.
 */
export async function scheduledChanges(
  q: Transactional,
  info: Pick<
    FullSubscriptionInfo,
    'status' | 'current_plan' | 'pending_plan_id' | 'cancel_at_period_end' | 'period_end'
  >,
  now: Date,
): Promise<ScheduledChange[]> {
  if (info.status !== 'active' || !info.period_end) return [];
  const end = info.period_end;
  const current = info.current_plan?.price_id ?? null;
  const pending = info.cancel_at_period_end ? null : info.pending_plan_id;
  const priced = [current && !info.cancel_at_period_end ? current : null, pending].filter(
    (id): id is string => id !== null,
  );
  const [plans, versions] = await Promise.all([
    plansByIds(q, pending ? [pending] : []),
    upcomingPlanVersions(q, priced, now),
  ]);
  const changes: ScheduledChange[] = [];
  if (info.cancel_at_period_end)
    changes.push({ kind: 'cancellation', at: end, text: ACCOUNTS_TEXT.scheduled.cancellation });
  const next = plans[0];
  if (pending && next)
    changes.push({ kind: 'plan_change', at: end, text: ACCOUNTS_TEXT.scheduled.planChange(planLabel(next)) });
  for (const v of versions)
    changes.push({
      kind: 'price_change',
      at: new Date(v.effective_from).toISOString(),
      text: ACCOUNTS_TEXT.scheduled.priceChange(planLabel(v), centsToDollars(v.price_cents), v.period),
    });
  return changes.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
