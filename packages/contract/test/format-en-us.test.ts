import { describe, expect, it } from 'vitest';
import { formatCredits, formatCreditsFixed, formatDate, formatMoney, formatNumber } from '../src/index';
import { newYorkDayText, utcLongDayText } from '../src/format-en-us';
import { businessDayText } from '../src/plan-texts';

// The formatters write without Intl (format-en-us.ts says why); Intl, with Node's full ICU, is what
// they must equal.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const credits = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const fixed = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plain = new Intl.NumberFormat('en-US');
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const newYork = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const utcLong = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' });

/** A fixed pseudo-random sequence (mulberry32), so a failure names the same values every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(2026);
const numbers = [
  0,
  -0,
  1,
  -1,
  0.005,
  -0.005,
  0.015,
  1.005,
  2.675,
  0.125,
  -0.125,
  999.995,
  999_999.995,
  1234.5,
  -1234.5,
  0.0049,
  -0.0001,
  1e15,
  123_456_789.125,
  1e21,
  -1e21,
  5e-7,
  Number.NaN,
  Infinity,
  -Infinity,
  ...Array.from({ length: 3000 }, () => (next() - 0.3) * 10 ** Math.floor(next() * 10)),
  ...Array.from({ length: 2000 }, () => Math.round((next() - 0.5) * 2e6) / 1000),
];

describe('money and credits without Intl', () => {
  it('write what Intl writes for every value tried, ties and signs included', () => {
    const differ = numbers.flatMap((value) =>
      [
        [formatMoney(value), usd.format(value)],
        [formatCredits(value), credits.format(value)],
        [formatCreditsFixed(value), fixed.format(value)],
        [formatNumber(value), plain.format(value)],
        [formatNumber(value, 1), oneDecimal.format(value)],
      ].flatMap(([ours, theirs]) => (ours === theirs ? [] : [`${value}: ${ours} ≠ ${theirs}`])),
    );
    expect(differ).toEqual([]);
  });

  it('read as the screens show them', () => {
    expect(formatMoney(3060)).toBe('$3,060.00');
    expect(formatMoney(-1.5)).toBe('-$1.50');
    expect(formatCredits(1234.5)).toBe('1,234.5');
    expect(formatCreditsFixed(1234.5)).toBe('1,234.50');
    // Call History's totals: calls, and billed minutes to one decimal.
    expect(formatNumber(12_345)).toBe('12,345');
    expect(formatNumber(1234.56, 1)).toBe('1,234.6');
  });
});

describe('dates without Intl', () => {
  it('a New York day equals Intl at every hour from 2007 to 2040, daylight-saving changes included', () => {
    const differ: string[] = [];
    for (let ms = Date.UTC(2007, 0, 1); ms < Date.UTC(2041, 0, 1); ms += 3_600_000) {
      if (newYorkDayText(ms) !== newYork.format(ms)) differ.push(new Date(ms).toISOString());
    }
    expect(differ).toEqual([]);
  });

  it('each minute around a change of offset falls on the day Intl says', () => {
    // 2026-03-08 2:00 EST and 2026-11-01 2:00 EDT, and midnight New York on either side of them.
    for (const change of [
      Date.UTC(2026, 2, 8, 7),
      Date.UTC(2026, 10, 1, 6),
      Date.UTC(2026, 2, 8, 5),
      Date.UTC(2026, 10, 1, 4),
    ]) {
      for (let ms = change - 90 * 60_000; ms <= change + 90 * 60_000; ms += 60_000) {
        expect([ms, newYorkDayText(ms)]).toEqual([ms, newYork.format(ms)]);
      }
    }
  });

  it('formatDate falls back to Intl before 2007 and says — for no date', () => {
    expect(formatDate('2006-07-01T03:00:00Z')).toBe(newYork.format(new Date('2006-07-01T03:00:00Z')));
    expect(formatDate('2026-04-14T03:59:00Z')).toBe('Apr 13, 2026');
    expect(formatDate('2026-04-14T04:00:00Z')).toBe('Apr 14, 2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });

  it('a business day in words equals Intl for every day from 2000 to 2060', () => {
    const differ: string[] = [];
    for (let ms = Date.UTC(2000, 0, 1, 12); ms < Date.UTC(2061, 0, 1); ms += 86_400_000) {
      const day = new Date(ms).toISOString().slice(0, 10);
      if (businessDayText(day) !== utcLong.format(ms)) differ.push(day);
    }
    expect(differ).toEqual([]);
    expect(utcLongDayText(Number.NaN)).toBeNull();
  });
});
