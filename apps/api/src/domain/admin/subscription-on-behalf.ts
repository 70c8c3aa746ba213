import { ACCOUNT_ACTION_TEXT, type SubscriptionAction } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { type BillingDeps, type BillingEngine, findSubscription } from '../billing-engine';
import { DomainError } from '../errors';
import { applyCancel, applyKeep, applyPlanChange, planChange } from '../subscription';
import type { StaffActionDone } from '../staff-actions';

type SubscriptionState = {
  plan_id: string | null;
  pending_plan_id: string | null;
  cancel_at_period_end: boolean;
};

async function state(q: Transactional, accountId: string): Promise<SubscriptionState> {
  const sub = await findSubscription(q, accountId);
  return {
    plan_id: sub?.plan_id ?? null,
    pending_plan_id: sub?.pending_plan_id ?? null,
    cancel_at_period_end: sub?.cancel_at_period_end ?? false,
  };
}

/**
 * A plan change, cancellation or reactivation made by staff for the customer, through the same domain
 * functions as the portal's /subscription routes (so the customer's Subscription page shows the same
 * state as if they had done it), in runStaffAction's transaction. A change that would charge the card
 * now (a start or an early renewal) is refused: the customer makes it, with their card, in the portal.
 * An action the subscription's state does not allow is refused (409) inside the transaction, so no
 * row changes and no audit entry is written.
 */
export async function subscriptionOnBehalf(
  tx: Transactional,
  deps: BillingDeps,
  engine: BillingEngine,
  actorId: string,
  accountId: string,
  action: SubscriptionAction,
  planId?: string,
): Promise<StaffActionDone<SubscriptionState>> {
  const inTx = { ...deps, database: tx };
  const before = await state(tx, accountId);
  let message: string;
  if (action === 'change' && before.pending_plan_id && planId === before.plan_id) {
    // Back to the current plan: the scheduled change is dropped, nothing is charged (an annual plan's
    // own id would otherwise be an early renewal, which charges the card).
    await applyKeep(inTx, accountId, actorId);
    message = ACCOUNT_ACTION_TEXT.planResumed;
  } else if (action === 'change') {
    const now = deps.clock.now();
    const change = await planChange(tx, accountId, planId ?? '', now, deps.issuer);
    if (change.kind === 'start' || change.kind === 'renew')
      throw new DomainError('conflict', ACCOUNT_ACTION_TEXT.changeCharges, 'plan');
    const kind = await applyPlanChange(inTx, engine, accountId, planId ?? '', actorId, { change, now });
    message = kind === 'resume' ? ACCOUNT_ACTION_TEXT.planResumed : ACCOUNT_ACTION_TEXT.planChanged;
  } else if (action === 'cancel') {
    await applyCancel(inTx, accountId, actorId);
    message = ACCOUNT_ACTION_TEXT.cancelled;
  } else {
    // Reactivate withdraws a cancellation and nothing else (CONS-09): a scheduled plan change is dropped
    // by changing the plan back, so the console never undoes more than the button says.
    if (!before.cancel_at_period_end) throw new DomainError('conflict', ACCOUNT_ACTION_TEXT.notCancelling);
    await applyKeep(inTx, accountId, actorId);
    message = ACCOUNT_ACTION_TEXT.reactivated;
  }
  const after = await state(tx, accountId);
  return { message, result: after, before, after };
}
