import type { CancellationOffer, CancellationReason } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { findPlan, findSubscription } from '../billing-engine';
import { DomainError } from '../errors';
import { pauseState } from '../pause';
import { forecastAndAdvice } from '../subscription';

// What the cancel flow offers for each reason (issue 64, docs/billing.md "Cancelling").

/**
 * The seasonal pause's resume date (docs/billing.md "Cancelling"): the first day before a season, January
 * 1 (the filing season opens) or September 30 (the day before October's extension stretch), within the
 * resume dates the pause allows this account (New York dates, 'YYYY-MM-DD', its own rule: one to six
 * months after the period's end, six paused months in any twelve). Null when neither is in range.
 */
export function seasonalResumeDate(range: { earliest: string; latest: string }): string | null {
  const year = Number(range.earliest.slice(0, 4));
  const candidates = [year, year + 1].flatMap((y) => [`${y}-01-01`, `${y}-09-30`]);
  return candidates.find((day) => day >= range.earliest && day <= range.latest) ?? null;
}

/**
 * What fits `reason`, with its figures: for "too expensive" the plan advisor's cheapest monthly plan
 * over the last three periods (forecastAndAdvice, the one computation the overview and the
 * subscription page show) when it costs less than the current plan; for "seasonal" a pause until
 * the day before the next season (monthly plans only, as only they can pause); for "missing a
 * feature" the feature request form. Null: nothing fits, the flow goes on to the cancellation.
 */
export async function cancellationOffer(
  q: Transactional,
  accountId: string,
  reason: CancellationReason,
  now: Date,
): Promise<CancellationOffer> {
  const sub = await findSubscription(q, accountId);
  if (!sub || sub.status !== 'active' || sub.cancel_at_period_end)
    throw new DomainError('conflict', 'There is no active subscription to cancel.');
  if (reason === 'missing_feature') return { kind: 'feature_request' };
  const plan = await findPlan(q, sub.plan_id, now);
  if (reason === 'seasonal') {
    if (plan?.period !== 'mo') return null;
    const pause = await pauseState(q, accountId, now);
    if (!pause.earliest_resume_on || !pause.latest_resume_on) return null;
    const until = seasonalResumeDate({ earliest: pause.earliest_resume_on, latest: pause.latest_resume_on });
    return until ? { kind: 'pause', until } : null;
  }
  if (reason !== 'too_expensive') return null;
  const { advisor } = await forecastAndAdvice(q, accountId, now);
  if (!advisor || advisor.cheapest.price_id === sub.plan_id || advisor.cheapest.cost >= advisor.current_cost)
    return null;
  return {
    kind: 'cheaper_plan',
    plan: { price_id: advisor.cheapest.price_id, name: advisor.cheapest.name, period: 'mo' },
    cost: advisor.cheapest.cost,
    current_cost: advisor.current_cost,
    periods_compared: advisor.periods_compared,
  };
}
