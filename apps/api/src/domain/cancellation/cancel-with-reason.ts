import { CANCELLATION_REASONS, type AlternativeBody, type CancelBody } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { findSubscription, type BillingDeps } from '../billing-engine';
import { DomainError } from '../errors';
import { applyCancel } from '../subscription';
import { insertCancellation } from './cancellations-repository';

const wordsOf = (body: CancelBody) => (body.words ? body.words : null);

/**
 * The customer's cancellation with its reason (issue 64): the subscription's cancel, the reason's row
 * and the activity entry naming the reason are one transaction, so a refused cancel (already
 * cancelled, inactive) stores no reason and a reason is stored once per cancellation.
 */
export async function cancelWithReason(
  deps: BillingDeps,
  accountId: string,
  actorId: string | null,
  body: CancelBody,
): Promise<void> {
  await applyCancel(deps, accountId, actorId, {
    write: async (tx) => {
      // Read after the cancel, under the row lock the cancel took: the period this cancellation ends.
      const sub = (await findSubscription(tx, accountId))!;
      await insertCancellation(tx, {
        accountId,
        personId: actorId,
        planId: sub.plan_id,
        reason: body.reason,
        words: wordsOf(body),
        outcome: 'cancelled',
        periodEnd: new Date(sub.current_period_end),
      });
    },
    logged: { cancel_reason: CANCELLATION_REASONS[body.reason] },
  });
}

/**
 * The customer took the alternative the cancel flow offered (a cheaper plan, a pause, a feature
 * request) instead of cancelling: kept for the console's report of reasons and accepted alternatives.
 */
export async function recordAlternative(
  q: Transactional,
  accountId: string,
  actorId: string | null,
  body: AlternativeBody,
): Promise<void> {
  const sub = await findSubscription(q, accountId);
  if (!sub || sub.status !== 'active')
    throw new DomainError('conflict', 'There is no active subscription to keep.');
  await insertCancellation(q, {
    accountId,
    personId: actorId,
    planId: sub.plan_id,
    reason: body.reason,
    words: wordsOf(body),
    outcome: body.alternative,
    periodEnd: null,
  });
}
