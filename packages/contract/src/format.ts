import { decimalText, dollarsText, newYorkDayText, utcLongDayText } from './format-en-us';
import type { PlanDto } from './subscription';
import { BUSINESS_TIME_ZONE } from './time';

// Intl only for what format-en-us.ts does not write, made on first use: a screen that never needs
// one never loads ICU's locale data on the main thread.
const intl = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const usd = intl(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
const plain: Record<number, Intl.NumberFormat> = {};
const fixed = intl(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const day = intl(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIME_ZONE,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }),
);

/** Dollars, e.g. 3060 → "$3,060.00". */
export const formatMoney = (dollars: number): string => dollarsText(dollars) ?? usd().format(dollars);

/** A number grouped, with up to `maxFraction` decimals (3, as Intl's default), e.g. 1234.56 → "1,234.6" with 1. */
export const formatNumber = (value: number, maxFraction = 3): string =>
  decimalText(value, 0, maxFraction) ??
  (plain[maxFraction] ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: maxFraction })).format(
    value,
  );

/** Credits with grouping and up to two decimals, e.g. 1234.5 → "1,234.5". */
export const formatCredits = (value: number): string => formatNumber(value, 2);

/** Credits and rates in tables: grouped, always two decimals so a column lines up, e.g. 1234.5 → "1,234.50". */
export const formatCreditsFixed = (value: number): string =>
  decimalText(value, 2, 2) ?? fixed().format(value);

/** A calendar date in the business time zone (America/New_York), e.g. "Apr 14, 2026". */
export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  const ms = date.getTime();
  return Number.isNaN(ms) ? '—' : (newYorkDayText(ms) ?? day().format(date));
}

const longDay = intl(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', dateStyle: 'long' }));

/** A calendar date in words, read in UTC, e.g. "June 26, 2026". */
export const formatLongDay = (date: Date): string => utcLongDayText(date.getTime()) ?? longDay().format(date);

/** A billing period in its two parts, e.g. "Apr 5, 2026 –" and "May 5, 2026": a line breaks only between them. */
export const formatPeriodParts = (start: string, end: string): [string, string] => [
  `${formatDate(start)} –`,
  formatDate(end),
];

/** A billing period as the invoices table shows it, e.g. "Apr 5, 2026 – May 5, 2026" (end exclusive). */
export const formatPeriod = (start: string, end: string): string => formatPeriodParts(start, end).join(' ');

export const periodAdjective = (period: PlanDto['period']): string =>
  period === 'yr' ? 'annual' : 'monthly';
export const periodNoun = (period: PlanDto['period']): string => (period === 'yr' ? 'year' : 'month');

/** "Team annual": the name and the billing period, as buttons and dialogs name a plan. */
export const planLabel = (plan: Pick<PlanDto, 'name' | 'period'>): string =>
  `${plan.name} ${periodAdjective(plan.period)}`;

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A wait in whole minutes and seconds, e.g. 1 → "1 second", 60 → "1 minute", 127 → "2 minutes 7 seconds". */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return count(rest, 'second');
  return rest === 0 ? count(minutes, 'minute') : `${count(minutes, 'minute')} ${count(rest, 'second')}`;
}
