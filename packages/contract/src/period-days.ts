// The days of a billing period, counted one way everywhere (docs/billing.md, "The days of a period"): the
// overview, Subscription, the forecast, the usage charts, the console and Upgrade now's proration all
// read these figures, so no two screens can say a different number of days for the same period.

const DAY_MS = 86_400_000;

export interface PeriodDays {
  /** The period's length in whole days (a New York clock change's hour rounds away). */
  days: number;
  /** Whole days elapsed since the period's start, rounded down: the day under way is not yet elapsed. */
  elapsed: number;
  /** Days to the period's end, the day under way included: `days - elapsed`. */
  left: number;
}

/**
 * The one counting rule. `days` is the period's length rounded to whole days; `elapsed` the whole days
 * since its start (rounded down, 0 before it starts, `days` after it ends); `left` the rest, so the day
 * under way counts as left and the two always add up to the length. No period: all 0.
 */
export function periodDays(period: { start: Date; end: Date } | null, now: Date): PeriodDays {
  if (!period) return { days: 0, elapsed: 0, left: 0 };
  const days = Math.round((period.end.getTime() - period.start.getTime()) / DAY_MS);
  const since = Math.floor((now.getTime() - period.start.getTime()) / DAY_MS);
  const elapsed = Math.min(Math.max(since, 0), days);
  return { days, elapsed, left: days - elapsed };
}

/**
 * `periodDays` for a range of unix seconds, [from, to] with `to` its last second (Call History's ranges
 * and the overview's period): a billing period's range counts as the period does. A range shorter than
 * half a day still covers a day.
 */
export function rangeDays(from: number, to: number, now: Date): PeriodDays {
  const counted = periodDays({ start: new Date(from * 1000), end: new Date((to + 1) * 1000) }, now);
  if (counted.days > 0) return counted;
  const ended = now.getTime() > to * 1000;
  return { days: 1, elapsed: ended ? 1 : 0, left: ended ? 0 : 1 };
}

/**
 * A paused stretch of a monthly plan (docs/billing.md, "Pausing a plan"): from the end of the last
 * period before the pause up to the resume. It is part of the account's timeline as a period is, with
 * no credits and no charges, and its days count by the same rule, so the overview's "resumes in 12
 * days" and the console's agree.
 */
export interface PausedStretch {
  start: Date;
  end: Date;
}

export const pausedDays = (stretch: PausedStretch, now: Date): PeriodDays => periodDays(stretch, now);
