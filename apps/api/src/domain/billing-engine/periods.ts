import { BUSINESS_TIME_ZONE } from '@enq/contract';
import { TZDate } from '@date-fns/tz';
import { addMonths, addYears } from 'date-fns';

export type PlanPeriod = 'mo' | 'yr';

/**
 * The n-th period boundary after the anchor: the same local day and time in America/New_York, n months
 * (or years) on. A day the month lacks falls back to its last day (Jan 31 -> Feb 28), and each boundary
 * is computed from the anchor itself, so the day is not lost for good after a short month.
 */
export function periodBoundary(anchor: Date, period: PlanPeriod, n: number): Date {
  const local = new TZDate(anchor.getTime(), BUSINESS_TIME_ZONE);
  const moved = period === 'mo' ? addMonths(local, n) : addYears(local, n);
  return new Date(moved.getTime());
}

/** A billing period's bounds: from `start` up to, not including, `end`. */
export interface PeriodBounds {
  start: Date;
  end: Date;
}

/** The period that contains `at`: its index since the anchor and its bounds [start, end). */
export function periodAt(anchor: Date, period: PlanPeriod, at: Date): PeriodBounds & { index: number } {
  if (at < anchor) throw new RangeError('the time is before the subscription started');
  const perYear = period === 'mo' ? 12 : 1;
  // An estimate from the elapsed time, corrected by at most a step either way.
  let index = Math.floor(((at.getTime() - anchor.getTime()) / (365.2425 * 86_400_000)) * perYear);
  while (index > 0 && periodBoundary(anchor, period, index) > at) index--;
  while (periodBoundary(anchor, period, index + 1) <= at) index++;
  return {
    index,
    start: periodBoundary(anchor, period, index),
    end: periodBoundary(anchor, period, index + 1),
  };
}
