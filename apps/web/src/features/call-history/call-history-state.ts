import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE, defaultPreset, presetRange, toUnixSeconds, type CallDates } from '@enq/contract';
import { openingViewWithoutClock, readView, type CallHistoryView } from './call-history-opening';

/** The preset's current range when it differs from the one in the view, else null. */
export function freshPresetRange(
  view: CallHistoryView,
  dates: CallDates,
  now = new Date(),
): { from: number; to: number } | null {
  const range = presetRange(view.preset, now, dates);
  if (!range) return null;
  const from = toUnixSeconds(range.start);
  const to = toUnixSeconds(range.end);
  return from === view.from && to === view.to ? null : { from, to };
}

/**
 * The view the page settles on when it opens on these search params: theirs, with a relative preset
 * brought up to today, or with none the default preset (the current period with dates, else today).
 */
export function openingView(params: URLSearchParams, dates: CallDates, now = new Date()): CallHistoryView {
  const known = openingViewWithoutClock(params, dates);
  if (known) return known;
  const view = readView(params);
  if (view) return { ...view, ...freshPresetRange(view, dates, now) };
  const preset = defaultPreset(dates);
  const range = presetRange(preset, now, dates)!;
  return { preset, from: toUnixSeconds(range.start), to: toUnixSeconds(range.end), page: 1 };
}

/** Whether two views show the same calls. */
export function sameView(a: CallHistoryView, b: CallHistoryView): boolean {
  return (
    a.preset === b.preset &&
    a.from === b.from &&
    a.to === b.to &&
    a.page === b.page &&
    a.user === b.user &&
    a.destination === b.destination
  );
}

export function writeView(view: CallHistoryView): URLSearchParams {
  const params = new URLSearchParams({
    preset: view.preset,
    from: String(view.from),
    to: String(view.to),
    page: String(view.page),
  });
  if (view.user) params.set('user', view.user);
  if (view.destination) params.set('destination', view.destination);
  return params;
}

/**
 * The date pickers work in the browser's zone; the portal's times are New York's. A picker shows a
 * Date whose local wall clock equals the New York wall clock of the instant, and back again.
 */
export function toPickerDate(unixSeconds: number): Date {
  const ny = new TZDate(unixSeconds * 1000, BUSINESS_TIME_ZONE);
  return new Date(
    ny.getFullYear(),
    ny.getMonth(),
    ny.getDate(),
    ny.getHours(),
    ny.getMinutes(),
    ny.getSeconds(),
  );
}

export function fromPickerDate(date: Date): Date {
  return new Date(
    TZDate.tz(
      BUSINESS_TIME_ZONE,
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
    ).getTime(),
  );
}
