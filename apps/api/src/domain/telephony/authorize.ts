import type { Transactional } from '../../db/handle';
import { currentPeriod, findSubscription, creditsLeft, periodUsage } from '../billing-engine';
import { SPEND_REFUSALS, type AuthorizeReason } from '@enq/contract';
import { callerSpendLimits } from '../spend-control';
import { callerOfPin } from './callers-repository';

export interface CallAuthorization {
  allowed: boolean;
  reason: AuthorizeReason | null;
}

/**
 * Whether the person with this PIN may place a call now: a known PIN on an account whose subscription
 * is active, with credits left on an annual plan (a monthly plan bills overage instead, up to its spending
 * cap), and the caller under their own monthly limit.
 */
export async function authorizeCall(q: Transactional, pin: string): Promise<CallAuthorization> {
  const caller = await callerOfPin(q, pin);
  if (!caller) return { allowed: false, reason: 'unknown PIN' };
  const accountId = caller.account_id;
  const sub = await findSubscription(q, accountId);
  if (!sub || sub.status !== 'active') return { allowed: false, reason: 'subscription inactive' };
  const period = await currentPeriod(q, accountId);
  if (period?.plan.period === 'yr') {
    const usage = await periodUsage(q, accountId, period.id);
    if (creditsLeft(usage) <= 0) return { allowed: false, reason: 'credits exhausted' };
  }
  // The spending cap (a monthly plan's overage) and the caller's own limit, read fresh (SPEND-07, SPEND-08).
  if (period) {
    const limits = await callerSpendLimits(q, accountId, period.id, caller.person_id);
    if (
      period.plan.period === 'mo' &&
      limits.cap_cents !== null &&
      limits.overage_cc >= limits.cap_cents * 100
    )
      return { allowed: false, reason: SPEND_REFUSALS.cap };
    if (limits.limit_cc !== null && limits.used_cc >= limits.limit_cc)
      return { allowed: false, reason: SPEND_REFUSALS.userLimit };
  }
  return { allowed: true, reason: null };
}
