import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessDays, forecastPeriod, type ForecastInput } from '../src/forecast';
import { BUSINESS_TIME_ZONE } from '../src/time';

// June 2026 in New York: Monday June 1 to Tuesday June 30 (22 weekdays, 8 weekend days).
const june = { start: new Date('2026-06-01T04:00:00Z'), end: new Date('2026-07-01T04:00:00Z') };
const at = (iso: string) => new Date(iso);
/** 100 credits on each weekday and 10 on each weekend day of June's first week. */
const firstWeek = [
  ...['01', '02', '03', '04', '05'].map((d) => ({ date: `2026-06-${d}`, cc: 10_000 })),
  ...['06', '07'].map((d) => ({ date: `2026-06-${d}`, cc: 1_000 })),
];
const base: ForecastInput = {
  period: june,
  usageByDay: firstWeek,
  availableCc: 200_000,
  now: at('2026-06-08T04:00:00Z'), // Monday June 8, midnight in New York
  billsOverage: true,
};

describe('forecast', () => {
  it('PLAN-01 weekday usage predicts the weekdays left and weekend usage the weekend days left', () => {
    const f = forecastPeriod(base);
    expect(f.weekdayPaceCc).toBe(10_000);
    expect(f.weekendPaceCc).toBe(1_000);
    // 52,000 used + 17 weekdays x 10,000 + 6 weekend days x 1,000 (one flat daily average would give 222,857).
    expect(f.usedCc).toBe(52_000);
    expect(f.projectedCc).toBe(228_000);
    expect(f.note).toBe(
      "Projected from this period's pace so far (New York time): 100 credits per weekday " +
        'and 10 per weekend day, since offices close on weekends, over the 23 days left of 30. ' +
        'Credits beyond the plan, rollover and bonus credits cost $0.01 each.',
    );
  });

  it('PLAN-02 the credits run out on the day the projection reaches them, or not before the period ends', () => {
    expect(forecastPeriod(base).runsOut).toEqual({ date: '2026-06-26', already: false });
    expect(forecastPeriod({ ...base, availableCc: 228_000 }).runsOut).toEqual({
      date: '2026-06-30',
      already: false,
    });
    expect(forecastPeriod({ ...base, availableCc: 228_001 }).runsOut).toBeNull();
    // Used up already: the day the usage so far reached them.
    expect(forecastPeriod({ ...base, availableCc: 30_000 }).runsOut).toEqual({
      date: '2026-06-03',
      already: true,
    });
  });

  it('PLAN-03 the overage projected at the period end is priced at $0.01 per credit', () => {
    const f = forecastPeriod(base);
    expect(f.projectedOverageCc).toBe(28_000);
    expect(f.projectedOverageCents).toBe(280);
    expect(forecastPeriod({ ...base, availableCc: 500_000 }).projectedOverageCents).toBe(0);
  });

  it('PLAN-03 an annual plan projects its run-out date and never an overage', () => {
    const year = { start: june.start, end: new Date('2027-06-01T04:00:00Z') };
    const f = forecastPeriod({ ...base, period: year, availableCc: 100_000, billsOverage: false });
    expect(f.runsOut).toEqual({ date: '2026-06-12', already: false });
    expect(f.projectedCc).toBeGreaterThan(100_000);
    expect(f.projectedOverageCc).toBe(0);
    expect(f.projectedOverageCents).toBe(0);
    expect(f.note).toMatch(/Annual plans are never charged overage\.$/);
  });

  it('PLAN-04 on the first day of the period, the hours so far set the pace of every kind of day', () => {
    const f = forecastPeriod({
      ...base,
      usageByDay: [{ date: '2026-06-01', cc: 2_500 }],
      now: at('2026-06-01T10:00:00Z'), // 6 a.m. in New York: a quarter of the day
    });
    expect(f.weekdayPaceCc).toBe(10_000);
    expect(f.weekendPaceCc).toBe(10_000);
    // 2,500 + the day's other three quarters (7,500) + 21 weekdays and 8 weekend days at 10,000.
    expect(f.projectedCc).toBe(300_000);
    expect(f.runsOut).toEqual({ date: '2026-06-20', already: false });
    expect(f.note).toBe(
      "Projected from this period's pace so far (New York time): 100 credits per weekday " +
        'and 100 per weekend day, since offices close on weekends, over the 30 days left of 30. ' +
        'No weekend day has passed yet, so weekend days take the average pace. ' +
        'Credits beyond the plan, rollover and bonus credits cost $0.01 each.',
    );
  });

  it('PLAN-04 with no usage yet nothing is projected and the credits do not run out', () => {
    const f = forecastPeriod({ ...base, usageByDay: [] });
    expect(f).toMatchObject({ usedCc: 0, projectedCc: 0, runsOut: null, projectedOverageCents: 0 });
    expect(f.note).toBe(
      'No credits have been used this period yet, so nothing is projected to be used. ' +
        'Credits beyond the plan, rollover and bonus credits cost $0.01 each.',
    );
    expect(forecastPeriod({ ...base, usageByDay: [], availableCc: 0 }).runsOut).toBeNull();
  });

  it('PLAN-01 usage only on weekend days projects only the weekend days left', () => {
    const f = forecastPeriod({
      ...base,
      usageByDay: [
        { date: '2026-06-06', cc: 5_000 },
        { date: '2026-06-07', cc: 5_000 },
      ],
    });
    expect(f.weekdayPaceCc).toBe(0);
    expect(f.weekendPaceCc).toBe(5_000);
    expect(f.projectedCc).toBe(40_000); // 10,000 + 6 weekend days x 5,000
    // A period that starts on a Saturday has seen no weekday yet: weekdays take the weekend's pace.
    const fromSaturday = forecastPeriod({
      ...base,
      period: { start: at('2026-06-06T04:00:00Z'), end: at('2026-07-06T04:00:00Z') },
      usageByDay: [{ date: '2026-06-06', cc: 5_000 }],
      now: at('2026-06-07T04:00:00Z'),
    });
    expect(fromSaturday.weekdayPaceCc).toBe(5_000);
    expect(fromSaturday.note).toContain('No weekday has passed yet, so weekdays take the average pace.');
  });

  it('PLAN-01 days are New York days, a 25-hour day included', () => {
    // November 2026: clocks go back on Sunday November 1.
    const november = { start: at('2026-11-01T04:00:00Z'), end: at('2026-12-01T05:00:00Z') };
    const days = businessDays(november, at('2026-11-02T05:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-11-01', weekend: true, elapsed: 1, remaining: 0 });
    expect(days[29]).toMatchObject({ date: '2026-11-30', weekend: false, elapsed: 0, remaining: 1 });
  });

  it('PLAN-01 the days are those date-fns counts in New York, for any period and moment', () => {
    // What businessDays answered when it walked the period with date-fns on TZDate.
    const reference = (period: { start: Date; end: Date }, now: Date) => {
      const start = period.start.getTime();
      const end = period.end.getTime();
      const moment = Math.min(Math.max(now.getTime(), start), end);
      const days = [];
      let day = startOfDay(new TZDate(start, BUSINESS_TIME_ZONE));
      while (day.getTime() < end) {
        const next = addDays(day, 1);
        const from = Math.max(day.getTime(), start);
        const to = Math.min(next.getTime(), end);
        const length = next.getTime() - day.getTime();
        days.push({
          date: format(day, 'yyyy-MM-dd'),
          weekend: day.getDay() === 0 || day.getDay() === 6,
          elapsed: Math.max(0, Math.min(to, moment) - from) / length,
          remaining: Math.max(0, to - Math.max(from, moment)) / length,
        });
        day = next;
      }
      return days;
    };
    const instant = (min: string, max: string) =>
      fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true });
    fc.assert(
      fc.property(
        instant('2020-01-01T00:00:00Z', '2035-12-31T00:00:00Z'),
        fc.integer({ min: 1, max: 370 * 24 * 60 }),
        fc.integer({ min: -5 * 24 * 60, max: 380 * 24 * 60 }),
        (start, minutes, nowMinutes) => {
          const period = { start, end: new Date(start.getTime() + minutes * 60_000) };
          const now = new Date(start.getTime() + nowMinutes * 60_000);
          expect(businessDays(period, now)).toEqual(reference(period, now));
        },
      ),
      { numRuns: 300 },
    );
    // Periods that start and end on the days New York changes its clocks, at its midnights.
    for (const [start, end] of [
      ['2026-03-08T05:00:00Z', '2026-04-08T04:00:00Z'],
      ['2026-02-08T05:00:00Z', '2026-03-08T05:00:00Z'],
      ['2026-10-01T04:00:00Z', '2026-11-01T04:00:00Z'],
      ['2026-11-01T04:00:00Z', '2027-11-01T04:00:00Z'],
    ]) {
      const period = { start: at(start!), end: at(end!) };
      expect(businessDays(period, at('2026-06-15T16:00:00Z'))).toEqual(
        reference(period, at('2026-06-15T16:00:00Z')),
      );
    }
  });
});
