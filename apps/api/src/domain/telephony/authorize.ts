import type { Transactional } from '../../db/handle';
import { currentPeriod, findSubscription } from '../billing-engine/subscription-periods-repository';
import { creditsLeft, periodUsage } from '../billing-engine/ledger-repository';
import { accountOfPin } from './callers-repository';

export interface CallAuthorization {
  allowed: boolean;
  reason: 'unknown PIN' | 'subscription inactive' | 'credits exhausted' | null;
}

/**
 * Whether the person with this PIN may place a call now: a known PIN on an account whose subscription
 * is active, with credits left on an annual plan (a monthly plan bills overage instead).
 */
export async function authorizeCall(q: Transactional, pin: string): Promise<CallAuthorization> {
  const accountId = await accountOfPin(q, pin);
  if (!accountId) return { allowed: false, reason: 'unknown PIN' };
  const sub = await findSubscription(q, accountId);
  if (!sub || sub.status !== 'active') return { allowed: false, reason: 'subscription inactive' };
  const period = await currentPeriod(q, accountId);
  if (period?.plan.period === 'yr') {
    const usage = await periodUsage(q, accountId, period.id);
    if (creditsLeft(usage) <= 0) return { allowed: false, reason: 'credits exhausted' };
  }
  return { allowed: true, reason: null };
}
