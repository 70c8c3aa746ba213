import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forecastPeriod } from '../src/forecast';
import { periodDays, rangeDays } from '../src/period-days';
import { USAGE_TEXT } from '../src/usage-rules';

// The one counting rule of a period's days (docs/billing.md, "The days of a period").

const DAY = 86_400_000;
/** The overview card's range of a period: from its first second to the one before its end. */
const asRange = (p: { start: Date; end: Date }) =>
  [Math.floor(p.start.getTime() / 1000), Math.ceil(p.end.getTime() / 1000) - 1] as const;
/** The days left the forecast's note names ("over the 11 days left of 30"). */
const noteDays = (p: { start: Date; end: Date }, now: Date) => {
  const note = forecastPeriod({
    period: p,
    usageByDay: [{ date: p.start.toISOString().slice(0, 10), cc: 100 }],
    availableCc: 1_000_000,
    now,
    billsOverage: true,
  }).note;
  const [, left, days] = /over the (\d+) days? left of (\d+)\./.exec(note)!;
  return { left: Number(left), days: Number(days) };
};

describe('the days of a period', () => {
  it("counts whole days elapsed rounded down, the day under way as left, and a New York clock change's hour away", () => {
    // The demo admin's period: Nov 5, 10:00 New York, to Dec 5 (30 days), on Nov 24 at 15:00: 19 whole days.
    const nov = { start: new Date('2026-11-05T15:00:00Z'), end: new Date('2026-12-05T15:00:00Z') };
    expect(periodDays(nov, new Date('2026-11-24T20:00:00Z'))).toEqual({ days: 30, elapsed: 19, left: 11 });
    // Oct 5 to Nov 5 crosses the end of daylight saving: 31 days and an hour.
    const oct = { start: new Date('2026-10-05T14:00:00Z'), end: new Date('2026-11-05T15:00:00Z') };
    expect(periodDays(oct, new Date('2026-10-05T14:00:00Z'))).toEqual({ days: 31, elapsed: 0, left: 31 });
    expect(periodDays(oct, new Date('2026-11-05T14:59:59Z'))).toEqual({ days: 31, elapsed: 31, left: 0 });
    // An annual period of a leap year has 366 days, of a plain year 365; before its start nothing elapsed.
    const leap = { start: new Date('2027-09-01T14:00:00Z'), end: new Date('2028-09-01T14:00:00Z') };
    expect(periodDays(leap, new Date('2027-08-01T00:00:00Z'))).toEqual({ days: 366, elapsed: 0, left: 366 });
    const plain = { start: new Date('2026-09-01T14:00:00Z'), end: new Date('2027-09-01T14:00:00Z') };
    expect(periodDays(plain, new Date('2027-09-02T00:00:00Z'))).toEqual({ days: 365, elapsed: 365, left: 0 });
    expect(periodDays(null, new Date())).toEqual({ days: 0, elapsed: 0, left: 0 });
  });

  it('the summary, the forecast and the usage chart count the same days for any period and moment', () => {
    const periods = fc
      .record({
        start: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) }),
        months: fc.constantFrom(1, 12),
        at: fc.double({ min: 0, max: 1, noNaN: true }),
      })
      .map(({ start: ms, months, at }) => {
        // Periods start on a whole second (the chart's range is in seconds).
        const start = Math.floor(ms / 1000) * 1000;
        const s = new Date(start);
        const e = new Date(s);
        e.setUTCMonth(e.getUTCMonth() + months);
        return {
          period: { start: s, end: e },
          now: new Date(start + Math.floor(at * (e.getTime() - start))),
        };
      });
    fc.assert(
      fc.property(periods, ({ period, now }) => {
        const days = periodDays(period, now);
        expect(days.elapsed + days.left).toBe(days.days);
        expect(days.days).toBe(Math.round((period.end.getTime() - period.start.getTime()) / DAY));
        // The overview's chart asks for the period as a range of seconds: the same days, the same left.
        const [from, to] = asRange(period);
        expect(rangeDays(from, to, now)).toEqual(days);
        if (days.left > 0) expect(noteDays(period, now)).toEqual({ left: days.left, days: days.days });
      }),
      { numRuns: 200, seed: 61 },
    );
  });

  it("a range shorter than half a day still covers a day; Call History's whole days count as days", () => {
    const from = Date.parse('2026-11-24T05:00:00Z') / 1000; // midnight in New York
    expect(rangeDays(from, from + 2 * 3600 - 1, new Date('2026-11-25T00:00:00Z'))).toEqual({
      days: 1,
      elapsed: 1,
      left: 0,
    });
    expect(rangeDays(from, from + 7 * 86_400 - 1, new Date('2026-11-25T00:00:00Z'))).toEqual({
      days: 7,
      elapsed: 0,
      left: 7,
    });
  });
});

describe("the usage chart's caption", () => {
  const base = {
    credits: '17,797.00',
    previous: '55,495.00',
    previousDays: 31,
    currentLabel: 'This period',
    previousLabel: 'Previous period',
  };
  it('says when this period is still under way and that the previous one is whole', () => {
    expect(USAGE_TEXT.summary({ ...base, days: 30, daysLeft: 11 })).toBe(
      '17,797.00 credits used this period so far, with 11 of its 30 days left, against 55,495.00 credits in the whole previous period (31 days).',
    );
  });
  it('sets a whole range against a whole range, each with its days', () => {
    expect(
      USAGE_TEXT.summary({
        ...base,
        credits: '200.00',
        previous: '125.25',
        days: 3,
        daysLeft: 0,
        previousDays: 3,
        currentLabel: 'This range',
        previousLabel: 'Previous range',
      }),
    ).toBe('200.00 credits used over 3 days, against 125.25 credits in the previous range (3 days).');
  });
});
