import { TZDate } from '@date-fns/tz';
import {
  BUSINESS_TIME_ZONE,
  CALL_PRESETS,
  defaultPreset,
  presetRange,
  toUnixSeconds,
  type CallDates,
  type CallPreset,
} from '@enq/contract';
import type { CallsParams } from './api/get-calls';

/** What the URL holds, so a view can be bookmarked and shared. */
export interface CallHistoryView {
  preset: CallPreset;
  from: number;
  to: number;
  page: number;
  user?: string | undefined;
  destination?: string | undefined;
}

const PRESET_IDS = new Set<string>(CALL_PRESETS.map((p) => p.id));
const int = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

/** The view in the search params, or null when they hold no complete range. */
export function readView(params: URLSearchParams): CallHistoryView | null {
  const from = int(params.get('from'));
  const to = int(params.get('to'));
  if (from === null || to === null) return null;
  const preset = params.get('preset');
  return {
    preset: preset && PRESET_IDS.has(preset) ? (preset as CallPreset) : 'custom',
    from,
    to,
    page: Math.max(1, int(params.get('page')) ?? 1),
    user: params.get('user') || undefined,
    destination: params.get('destination') || undefined,
  };
}

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

/** What GET /calls/ is asked for a view. */
export function callsParams(view: CallHistoryView): CallsParams {
  return {
    timestampFrom: view.from,
    timestampTo: view.to,
    page: view.page,
    user: view.user,
    destination: view.destination,
  };
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
