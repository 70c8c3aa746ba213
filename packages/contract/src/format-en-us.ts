// The portal's numbers and dates in en-US, without Intl. A renderer's first Intl formatter loads ICU's
// locale data, 25-120 ms of the main thread on this machine (docs/performance.md), and the first screen of
// every page formats money, credits or a date. These write what Intl writes for the same options (the
// contract's tests compare them over many values); anything they do not cover is left to Intl.

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A finite number's shortest round-trip digits (as String writes it), without an exponent. */
function plainDigits(abs: number): [whole: string, fraction: string] {
  const text = String(abs);
  const e = text.indexOf('e');
  if (e < 0) {
    const [whole, fraction = ''] = text.split('.');
    return [whole!, fraction];
  }
  const mantissa = text.slice(0, e).replace('.', '');
  const exponent = Number(text.slice(e + 1));
  return exponent < 0
    ? ['0', '0'.repeat(-exponent - 1) + mantissa]
    : [mantissa.padEnd(exponent + 1, '0'), ''];
}

/**
 * A decimal with thousands separators and between `min` and `max` fraction digits, as Intl writes it:
 * rounded from the number's shortest decimal digits (0.015 is "0.02", though the double is a hair
 * below), ties away from zero. Null from 1e21 up and for NaN and infinities, for the caller to hand
 * to Intl.
 */
export function decimalText(value: number, min: number, max: number): string | null {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return null;
  let [whole, fraction] = plainDigits(Math.abs(value));
  if (fraction.length > max) {
    const up = fraction[max]! >= '5';
    const kept = `${whole}${fraction.slice(0, max)}`;
    const rounded = (up ? BigInt(kept) + 1n : BigInt(kept)).toString().padStart(max + 1, '0');
    whole = rounded.slice(0, rounded.length - max);
    fraction = rounded.slice(rounded.length - max);
  }
  fraction = fraction.padEnd(min, '0');
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  // Intl keeps the sign of a negative number that rounds to zero, and of -0.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** Dollars as Intl's en-US USD currency writes them: "$3,060.00", "-$1.50". */
export function dollarsText(value: number): string | null {
  const text = decimalText(value, 2, 2);
  return text === null ? null : text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The UTC midnight of the nth Sunday of a month (month 0-11). */
const nthSunday = (year: number, month: number, n: number) => {
  const first = Date.UTC(year, month, 1);
  const weekday = new Date(first).getUTCDay();
  return first + (((7 - weekday) % 7) + 7 * (n - 1)) * DAY_MS;
};

/**
 * New York's offset from UTC at an instant, in hours, under the United States' daylight-saving rule
 * in force since 2007: from 2:00 on the second Sunday of March to 2:00 on the first Sunday of
 * November. Null before 2007, when the rule differed. Should the law change, Intl's time-zone data
 * would learn it and this would not: the contract's tests compare the two at every hour to 2040.
 */
export function newYorkOffset(ms: number): number | null {
  const year = new Date(ms).getUTCFullYear();
  if (year < 2007) return null;
  const starts = nthSunday(year, 2, 2) + 7 * HOUR_MS; // 2:00 EST
  const ends = nthSunday(year, 10, 1) + 6 * HOUR_MS; // 2:00 EDT
  return ms >= starts && ms < ends ? -4 : -5;
}

/** "Apr 14, 2026": the calendar date in New York of an instant; null where newYorkOffset is. */
export function newYorkDayText(ms: number): string | null {
  const offset = newYorkOffset(ms);
  if (offset === null) return null;
  const local = new Date(ms + offset * HOUR_MS);
  return `${MONTHS_SHORT[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()}`;
}

/** "June 26, 2026": the calendar date in UTC of an instant, as Intl's dateStyle long writes it. */
export function utcLongDayText(ms: number): string | null {
  if (!Number.isFinite(ms)) return null;
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return null;
  return `${MONTHS_LONG[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}`;
}
