import type { Transactional } from '../../db/handle';
import { recordActivity } from '../activity';
import { findSubscription, findPlan } from '../billing-engine';

/** The subscription as the activity log records it (ACT-01): its plan and what is set to happen at its end. */
export interface SubscriptionView {
  plan: string | null;
  status: string | null;
  ends_with_period: boolean;
  scheduled_plan: string | null;
}

const planName = async (q: Transactional, id: string | null) => {
  if (!id) return null;
  // Only the plan's name and period are read, which no version changes.
  const plan = await findPlan(q, id, new Date());
  return plan ? `${plan.name} ${plan.period === 'mo' ? 'monthly' : 'annual'}` : id;
};

export async function subscriptionView(q: Transactional, accountId: string): Promise<SubscriptionView> {
  const sub = await findSubscription(q, accountId);
  return {
    plan: await planName(q, sub?.plan_id ?? null),
    status: sub?.status ?? null,
    ends_with_period: sub?.cancel_at_period_end ?? false,
    scheduled_plan: await planName(q, sub?.pending_plan_id ?? null),
  };
}

/** What a change did, by what it undid when it was a resume or a keep. */
export type SubscriptionChangeKind = 'start' | 'renew' | 'resume' | 'change' | 'cancel' | 'keep';

export function subscriptionAction(kind: SubscriptionChangeKind, before: SubscriptionView) {
  if (kind === 'resume' || kind === 'keep')
    return before.ends_with_period ? 'subscription.cancel_undone' : 'subscription.change_undone';
  if (kind === 'change') return 'subscription.change_scheduled';
  return `subscription.${kind}`;
}

/** Records a subscription change made by `actorId`, with the subscription as it stood before. */
export async function recordSubscriptionChange(
  q: Transactional,
  accountId: string,
  actorId: string | null,
  kind: SubscriptionChangeKind,
  before: SubscriptionView,
  logged?: Record<string, unknown>,
): Promise<void> {
  const after = { ...(await subscriptionView(q, accountId)), ...logged };
  await recordActivity(q, accountId, actorId, [
    { action: subscriptionAction(kind, before), target_person_id: null, before, after },
  ]);
}

/**
 * What a caller writes with a cancellation or a keep, in the same transaction (the cancellation's
 * reason, a used "Keep this plan" link), and what the activity entry adds to its "after".
 */
export interface ChangeNote {
  write(tx: Transactional): Promise<void>;
  logged?: Record<string, unknown>;
}
