import { BUSINESS_TIME_ZONE, type CancellationOffer, type CancellationReason } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { findPlan, findSubscription } from '../billing-engine';
import { DomainError } from '../errors';
import { forecastAndAdvice } from '../subscription';

// What the cancel flow offers for each reason (issue 64, docs/billing.md "Cancelling").

/** The calendar date of `at` in New York, as [year, month 1-12, day]. */
function newYorkDate(at: Date): [number, number, number] {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  const [y, m, d] = parts.split('-').map(Number);
  return [y!, m!, d!];
}

const dayNumber = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;
/** `months` calendar months after a New York date, as a day number (the day clamped to the month's end). */
function monthsAfter([y, m, d]: [number, number, number], months: number) {
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return dayNumber(target.getUTCFullYear(), target.getUTCMonth() + 1, Math.min(d, last));
}

/**
 * The seasonal pause's resume date (docs/billing.md "Cancelling"): the next day before a season, either
 * January 1 (the filing season opens) or September 30 (the day before October's extension stretch,
 * October 1 to the 15th), that falls after the current period's end and one to six months from today,
 * as the pause allows. Null when none does (in December, January 1 is under a month away and
 * September 30 more than six).
 */
export function seasonalResumeDate(now: Date, periodEnd: Date): string | null {
  const today = newYorkDate(now);
  const end = newYorkDate(periodEnd);
  const earliest = Math.max(monthsAfter(today, 1), dayNumber(...end) + 1);
  const latest = monthsAfter(today, 6);
  for (const year of [today[0], today[0] + 1]) {
    for (const [m, d] of [
      [1, 1],
      [9, 30],
    ] as const) {
      const day = dayNumber(year, m, d);
      if (day >= earliest && day <= latest)
        return `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    }
  }
  return null;
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
    const until = seasonalResumeDate(now, new Date(sub.current_period_end));
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
