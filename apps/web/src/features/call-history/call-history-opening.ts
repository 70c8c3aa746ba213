import { CALL_PRESETS, defaultPreset, type CallDates, type CallPreset } from '@enq/contract';
import type { CallTotalsParams } from './api/get-call-totals';
import type { CallsParams } from './api/get-calls';

// The view in the page's address and the view it opens on when that needs no clock. Nothing here
// imports the date library, which call-history-state.ts brings for the rest.

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

/** The default view when it is the current period (CALL-03), whose range the dates give; else null. */
export function periodOpeningView(dates: CallDates): CallHistoryView | null {
  const period = defaultPreset(dates) === 'current-period' ? dates.current_period : null;
  return period && { preset: 'current-period', from: period.start_date, to: period.end_date, page: 1 };
}

/**
 * The view the page opens on when that needs no clock: the custom range the address names, or with
 * none the current period. Null when it needs the clock (a relative preset brought up to today, or
 * no current period): call-history-state.ts's openingView.
 */
export function openingViewWithoutClock(params: URLSearchParams, dates: CallDates): CallHistoryView | null {
  const view = readView(params);
  if (view) return view.preset === 'custom' ? view : null;
  return periodOpeningView(dates);
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

/** What GET /calls/totals/ is asked for a view: the calls' range, whatever the page. */
export function totalsParams(view: CallHistoryView): CallTotalsParams {
  const { page: _page, ...range } = callsParams(view);
  return range;
}
