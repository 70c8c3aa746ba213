import type { Transactional } from '../../db/handle';
import {
  currentPeriod,
  findSubscription,
  creditsLeft,
  openPause,
  periodUsage,
  type PlanPeriod,
} from '../billing-engine';
import { PAUSE_REFUSAL, SPEND_REFUSALS, type AuthorizeReason } from '@enq/contract';
import { planStateAt } from '../periods';
import { callerSpendLimits } from '../spend-control';
import { callerOfPin } from './callers-repository';

export interface CallAuthorization {
  allowed: boolean;
  reason: AuthorizeReason | null;
}

/** What authorize weighs for a known caller, read fresh for each call (centicredits, the cap in cents). */
export interface CallerState {
  subscriptionActive: boolean;
  /** A monthly plan's pause is under way (docs/billing.md, "Pausing a plan"): every call is refused. */
  paused?: boolean;
  /** Collection's last try was declined, with calls refused until paid (docs/billing.md). */
  paymentOverdue?: boolean;
  /** The current period's plan period; null when the account has no current period. */
  planPeriod: PlanPeriod | null;
  /** Plan, rollover and bonus credits left in the period (weighed on an annual plan only). */
  creditsLeftCc: number;
  capCents: number | null;
  overageCc: number;
  /** The caller's own monthly limit and their use in the period. */
  limitCc: number | null;
  usedCc: number;
}

/**
 * The decision itself: an active subscription, credits left on an annual plan (a monthly plan bills
 * overage instead, up to its spending cap), and the caller under their own monthly limit. The
 * telephony API and the demo's simulated calls both ask it, so the demo shows only what it allows.
 */
export function decideCall(state: CallerState): CallAuthorization {
  if (state.paused) return { allowed: false, reason: PAUSE_REFUSAL };
  if (!state.subscriptionActive) return { allowed: false, reason: 'subscription inactive' };
  if (state.paymentOverdue) return { allowed: false, reason: 'payment overdue' };
  if (state.planPeriod === 'yr' && state.creditsLeftCc <= 0)
    return { allowed: false, reason: 'credits exhausted' };
  // The spending cap (a monthly plan's overage) and the caller's own limit (SPEND-07, SPEND-08).
  if (state.planPeriod === null) return { allowed: true, reason: null };
  if (state.planPeriod === 'mo' && state.capCents !== null && state.overageCc >= state.capCents * 100)
    return { allowed: false, reason: SPEND_REFUSALS.cap };
  if (state.limitCc !== null && state.usedCc >= state.limitCc)
    return { allowed: false, reason: SPEND_REFUSALS.userLimit };
  return { allowed: true, reason: null };
}

/** Whether the person with this PIN may place a call now: decideCall on the state read fresh. */
export async function authorizeCall(
  q: Transactional,
  pin: string,
  now: Date = new Date(),
): Promise<CallAuthorization> {
  const caller = await callerOfPin(q, pin);
  if (!caller) return { allowed: false, reason: 'unknown PIN' };
  const accountId = caller.account_id;
  const sub = await findSubscription(q, accountId);
  const inactive = { subscriptionActive: false, planPeriod: null, creditsLeftCc: 0 };
  const none = { capCents: null, overageCc: 0, limitCc: null, usedCc: 0 };
  const current = sub?.status === 'active' ? await currentPeriod(q, accountId) : null;
  // The plan at this moment by the rule ingest books each call with (planStateAt), so a call allowed
  // here is never refused as paused when it is posted, nor one refused here booked. The pause is read
  // only when one may be under way or due: the plan is paused, or its period has ended unclosed.
  const mayPause = sub?.status === 'paused' || (!!current && current.end <= now);
  const pause = mayPause ? await openPause(q, accountId) : null;
  const state = planStateAt(now, { open: current ? [current] : [], current, pauses: pause ? [pause] : [] });
  if (state.state === 'paused') return decideCall({ ...inactive, ...none, paused: true });
  if (!sub || sub.status !== 'active') return decideCall({ ...inactive, ...none });
  const paymentOverdue = sub.is_delinquent && sub.calls_refused;
  if (state.state === 'none')
    return decideCall({ ...inactive, subscriptionActive: true, paymentOverdue, ...none });
  const period = state.period;
  // The annual balance is read only for an annual plan, and the limits only when it has credits left.
  const left = period.plan.period === 'yr' ? creditsLeft(await periodUsage(q, accountId, period.id)) : 0;
  const base = {
    subscriptionActive: true,
    paymentOverdue,
    planPeriod: period.plan.period,
    creditsLeftCc: left,
  };
  if (period.plan.period === 'yr' && left <= 0) return decideCall({ ...base, ...none });
  const limits = await callerSpendLimits(q, accountId, period.id, caller.person_id);
  return decideCall({
    ...base,
    capCents: limits.cap_cents,
    overageCc: limits.overage_cc,
    limitCc: limits.limit_cc,
    usedCc: limits.used_cc,
  });
}
