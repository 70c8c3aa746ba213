import { TZDate } from '@date-fns/tz';
import { endOfDay, endOfMonth, startOfDay, startOfMonth, subDays, subMonths } from 'date-fns';
import type { CallDates, PeriodDates } from './call-history';
import { BUSINESS_TIME_ZONE } from './time';

// Call History's date presets (CALL-01..04), apart from its schemas: the page's first load computes
// its opening range with these before zod has arrived (apps/web call-history-opening.ts).

export const CALL_PRESETS = [
  { id: 'custom', label: 'Custom' },
  { id: 'current-period', label: 'Current period' },
  { id: 'previous-period', label: 'Previous period' },
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'last-7-days', label: 'Last 7 days' },
  { id: 'last-30-days', label: 'Last 30 days' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
] as const;
export type CallPreset = (typeof CALL_PRESETS)[number]['id'];

export interface DateRange {
  start: Date;
  end: Date;
}

/** Both period presets are offered only when the dates response has them. */
export function availablePresets(dates: CallDates | null | undefined): (typeof CALL_PRESETS)[number][] {
  return CALL_PRESETS.filter((p) => {
    if (p.id === 'current-period') return Boolean(dates?.current_period);
    if (p.id === 'previous-period') return Boolean(dates?.previous_period);
    return true;
  });
}

/** Current period when dates are given, else today (CALL-03). */
export function defaultPreset(dates: CallDates | null | undefined): CallPreset {
  return dates?.current_period ? 'current-period' : 'today';
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
