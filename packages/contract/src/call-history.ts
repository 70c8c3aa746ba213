import { TZDate } from '@date-fns/tz';
import { endOfDay, endOfMonth, format, startOfDay, startOfMonth, subDays, subMonths } from 'date-fns';
import { formatPeriod } from './format';
import { BUSINESS_TIME_ZONE } from './time';
import type { CallRow, PeriodDates, CallDates } from './call-history-schemas';
import type { CallPreset } from './call-presets';

// Call history (CALL-01..15, API-11..15). Times on the wire are unix seconds; a range includes both ends
// to the second (23:59:59.5 is inside one ending 23:59:59), so presets end at their day's or month's last
// second. Rows are ordered newest first, on the page and in the CSV.

/** The table shows 25 calls per page (docs/requirements.md, Decisions). */
export const CALL_HISTORY_PAGE_SIZE = 25;
/** A call's time in the table and the CSV, in America/New_York (date-fns tokens). */
export const CALL_TIME_FORMAT = 'MM/dd/yyyy hh:mm:ss a';
/** Years above this are refused (CALL-07). */
export const CALL_MAX_YEAR = 9999;

export const CALL_TEXT = {
  empty: 'No data available. Select a different date range.',
  yearTooLarge: 'Year cannot be greater than 9999.',
  startAfterEnd: 'Start date cannot be after end date.',
  endBeforeStart: 'End date cannot be before the start date.',
  download: 'Download CSV',
  /** Under the time of a call billed in another period than its own (it was posted after that closed). */
  billedIn: (period: string) => `Billed in ${period}`,
} as const;

/** The table's columns, in order; the CSV has the same header. */
export const CALL_COLUMNS = [
  'Time Stamp (EST)',
  'Destination',
  'User',
  'Caller ID',
  'Billed Duration',
  'Billing rate',
  'Credits used',
] as const;

/** The note under a late call's time: "Billed in Apr 5, 2026 – May 5, 2026" (the invoices' period). */
export function billedInNote(billedIn: NonNullable<CallRow['billed_in']>): string {
  return CALL_TEXT.billedIn(formatPeriod(billedIn.period_start, billedIn.period_end));
}

/** A call's time as the table and the CSV show it (America/New_York). */
export function formatCallTime(unixSecondsValue: number): string {
  return format(new TZDate(unixSecondsValue * 1000, BUSINESS_TIME_ZONE), CALL_TIME_FORMAT);
}

/** Billed seconds as the table shows them, minutes and seconds, e.g. 205 -> '3:25'. */
export function formatBilledDuration(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Billed seconds in minutes to two decimals, rounded half up, as the CSV writes them: 205 -> '3.42'. */
export function billedMinutes(seconds: number): string {
  const hundredths = Math.floor((seconds * 100 + 30) / 60);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/**
 * Spreadsheet formula injection: a cell a person typed that starts with = + - @ (or TAB or CR, which
 * some programs skip before reading a formula) is prefixed with a single quote.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The UTF-8 byte-order mark every CSV the portal makes starts with, so spreadsheets read accents. */
export const CSV_BOM = '\uFEFF';

// ---- presets (CALL-01..04) -----------------------------------------------------------------------

export interface DateRange {
  start: Date;
  end: Date;
}

const fromPeriod = (p: PeriodDates): DateRange => ({
  start: new Date(p.start_date * 1000),
  end: new Date(p.end_date * 1000),
});

/**
 * The range a preset stands for at `now`, computed in America/New_York so days and months begin at
 * local midnight on both sides of a DST change. Custom (or a period preset without dates) has none.
 */
export function presetRange(preset: CallPreset, now: Date, dates?: CallDates | null): DateRange | null {
  const local = new TZDate(now.getTime(), BUSINESS_TIME_ZONE);
  const range = (start: Date, end: Date): DateRange => ({
    start: new Date(start.getTime()),
    end: new Date(Math.floor(end.getTime() / 1000) * 1000),
  });
  switch (preset) {
    case 'custom':
      return null;
    case 'current-period':
      return dates?.current_period ? fromPeriod(dates.current_period) : null;
    case 'previous-period':
      return dates?.previous_period ? fromPeriod(dates.previous_period) : null;
    case 'today':
      return range(startOfDay(local), endOfDay(local));
    case 'yesterday': {
      const day = subDays(local, 1);
      return range(startOfDay(day), endOfDay(day));
    }
    case 'last-7-days':
      return range(startOfDay(subDays(local, 6)), endOfDay(local));
    case 'last-30-days':
      return range(startOfDay(subDays(local, 29)), endOfDay(local));
    case 'this-month':
      return range(startOfMonth(local), endOfMonth(local));
    case 'last-month': {
      const month = subMonths(local, 1);
      return range(startOfMonth(month), endOfMonth(month));
    }
  }
}

export const toUnixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export interface CallRangeError {
  field: 'start' | 'end';
  message: string;
}

/**
 * The three date messages (CALL-07..09). `changed` says which picker the person just edited: a
 * start moved past the end blames the start, an end moved before the start blames the end.
 */
export function validateCallRange(
  start: Date | null,
  end: Date | null,
  changed: 'start' | 'end' = 'end',
): CallRangeError | null {
  const yearOf = (d: Date) => new TZDate(d.getTime(), BUSINESS_TIME_ZONE).getFullYear();
  if (start && yearOf(start) > CALL_MAX_YEAR) return { field: 'start', message: CALL_TEXT.yearTooLarge };
  if (end && yearOf(end) > CALL_MAX_YEAR) return { field: 'end', message: CALL_TEXT.yearTooLarge };
  if (start && end && start.getTime() > end.getTime()) {
    return changed === 'start'
      ? { field: 'start', message: CALL_TEXT.startAfterEnd }
      : { field: 'end', message: CALL_TEXT.endBeforeStart };
  }
  return null;
}
