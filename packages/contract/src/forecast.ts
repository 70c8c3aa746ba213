import { tzOffset } from '@date-fns/tz';
import { overageCents } from './credits';
import { formatCredits } from './format';
import { periodDays } from './period-days';
import { BUSINESS_TIME_ZONE } from './time';

// The forecast of a period's credits (PLAN-01..05, docs/billing.md "Forecast"): the pace so far, weighted
// by the kind of day, since tax offices close on weekends. Weekday usage predicts the weekdays left and
// weekend usage the weekend days left, each day as it falls in the business time zone.

export interface ForecastInput {
  /** The period's bounds, [start, end). */
  period: { start: Date; end: Date };
  /** Credits used per business day ('yyyy-MM-dd' in America/New_York), in centicredits. */
  usageByDay: readonly { date: string; cc: number }[];
  /** Credits the period has before overage: plan, rollover and bonus, in centicredits. */
  availableCc: number;
  now: Date;
  /** Monthly plans bill overage; annual plans never do (MONEY-04). */
  billsOverage: boolean;
}

export interface Forecast {
  /** Credits used so far and projected at the period's end, in centicredits. */
  usedCc: number;
  projectedCc: number;
  /** The business day the available credits run out (or ran out: `already`); null: not before the end. */
  runsOut: { date: string; already: boolean } | null;
  /** Overage projected at the period's end (0 on an annual plan), in centicredits and in cents. */
  projectedOverageCc: number;
  projectedOverageCents: number;
  /** Centicredits per weekday and per weekend day that the projection uses. */
  weekdayPaceCc: number;
  weekendPaceCc: number;
  /** How it was worked out, in plain words. */
  note: string;
}

interface BusinessDay {
  date: string;
  weekend: boolean;
  /** The parts of the day (0..1) before `now` and from `now` to the period's end. */
  elapsed: number;
  remaining: number;
}

const DAY_MS = 86_400_000;

/**
 * The instant a New York date (`wall`, its UTC midnight) begins. New York changes its clocks at 2 AM,
 * never between the evening before and midnight, so the offset at `wall` (7 or 8 PM the evening
 * before, New York time) is midnight's own: one offset a day, where date-fns with TZDate took four
 * (an annual period's 366 days cost the forecast about 8 ms; the test holds both to the same days).
 */
const startOfBusinessDay = (wall: number) => wall - tzOffset(BUSINESS_TIME_ZONE, new Date(wall)) * 60_000;

/** The period's business days, each with how much of it has passed and how much is left. */
export function businessDays(period: { start: Date; end: Date }, now: Date): BusinessDay[] {
  const start = period.start.getTime();
  const end = period.end.getTime();
  const at = Math.min(Math.max(now.getTime(), start), end);
  const days: BusinessDay[] = [];
  // The New York date the period starts on, as that date's UTC midnight.
  let wall = Math.floor((start + tzOffset(BUSINESS_TIME_ZONE, period.start) * 60_000) / DAY_MS) * DAY_MS;
  let day = startOfBusinessDay(wall);
  while (day < end) {
    const next = startOfBusinessDay(wall + DAY_MS);
    const from = Math.max(day, start);
    const to = Math.min(next, end);
    // A day is 23 or 25 hours when New York changes clocks; a part of it is measured against its own length.
    const length = next - day;
    const weekday = new Date(wall).getUTCDay();
    days.push({
      date: new Date(wall).toISOString().slice(0, 10),
      weekend: weekday === 0 || weekday === 6,
      elapsed: Math.max(0, Math.min(to, at) - from) / length,
      remaining: Math.max(0, to - Math.max(from, at)) / length,
    });
    day = next;
    wall += DAY_MS;
  }
  return days;
}

const credits = (cc: number) => formatCredits(Math.round(cc) / 100);

/** The forecast of the period's credits from its usage so far (PLAN-01..05). */
export function forecastPeriod(input: ForecastInput): Forecast {
  const { availableCc, billsOverage } = input;
  const calendar = businessDays(input.period, input.now);
  const kindOf = new Map(calendar.map((d) => [d.date, d.weekend]));
  let weekdayUsed = 0;
  let weekendUsed = 0;
  for (const { date, cc } of input.usageByDay) {
    if (kindOf.get(date)) weekendUsed += cc;
    else weekdayUsed += cc;
  }
  const usedCc = weekdayUsed + weekendUsed;
  const weekdaysPassed = calendar.filter((d) => !d.weekend).reduce((t, d) => t + d.elapsed, 0);
  const weekendsPassed = calendar.filter((d) => d.weekend).reduce((t, d) => t + d.elapsed, 0);
  const daysPassed = weekdaysPassed + weekendsPassed;
  const average = daysPassed > 0 ? usedCc / daysPassed : 0;
  // A kind of day the period has not reached yet takes the average pace of the days it has.
  const weekdayPaceCc = weekdaysPassed > 0 ? weekdayUsed / weekdaysPassed : average;
  const weekendPaceCc = weekendsPassed > 0 ? weekendUsed / weekendsPassed : average;

  let runsOut: Forecast['runsOut'] = null;
  if (usedCc > 0 && usedCc >= availableCc) {
    let total = 0;
    for (const { date, cc } of [...input.usageByDay].sort((a, b) => a.date.localeCompare(b.date))) {
      total += cc;
      if (total >= availableCc) {
        runsOut = { date, already: true };
        break;
      }
    }
  }
  let projected = usedCc;
  for (const day of calendar) {
    if (day.remaining === 0) continue;
    projected += day.remaining * (day.weekend ? weekendPaceCc : weekdayPaceCc);
    if (!runsOut && projected > 0 && projected >= availableCc) runsOut = { date: day.date, already: false };
  }
  const projectedCc = Math.round(projected);
  const projectedOverageCc = billsOverage ? Math.max(0, projectedCc - availableCc) : 0;
  // The days the note names are the period's, counted as every screen counts them (periodDays); the pace
  // itself is measured to the hour above, so the note's words and the projection never disagree on days.
  const { days, left } = periodDays(input.period, input.now);

  const notes: string[] = [];
  if (usedCc === 0) {
    notes.push('No credits have been used this period yet, so nothing is projected to be used.');
  } else {
    notes.push(
      `Projected from this period's pace so far (New York time): ` +
        `${credits(weekdayPaceCc)} credits per weekday and ${credits(weekendPaceCc)} per weekend day, ` +
        `since offices close on weekends, over the ${left} ${left === 1 ? 'day' : 'days'} left of ${days}.`,
    );
    if (weekdaysPassed === 0) notes.push('No weekday has passed yet, so weekdays take the average pace.');
    if (weekendsPassed === 0)
      notes.push('No weekend day has passed yet, so weekend days take the average pace.');
  }
  notes.push(
    billsOverage
      ? 'Credits beyond the plan, rollover and bonus credits cost $0.01 each.'
      : 'Annual plans are never charged overage.',
  );
  return {
    usedCc,
    projectedCc,
    runsOut,
    projectedOverageCc,
    projectedOverageCents: overageCents(projectedOverageCc),
    weekdayPaceCc: Math.round(weekdayPaceCc),
    weekendPaceCc: Math.round(weekendPaceCc),
    note: notes.join(' '),
  };
}
