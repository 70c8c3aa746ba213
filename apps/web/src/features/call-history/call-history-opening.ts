import { CALL_PATHS, CALL_PRESETS, defaultPreset, type CallDates, type CallPreset } from '@enq/contract';
import type { QueryValue } from '../../lib/url-query';
import type { CallTotalsParams } from './api/get-call-totals';
import type { CallsParams } from './api/get-calls';

// The view in the page's address and the view it opens on when that needs no clock. Nothing here
// imports the date library: the page's first module asks the opening view's calls with it
// (app/early-boot.ts), and call-history-state.ts does the rest.

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

type Ask = (path: string, query?: Record<string, QueryValue>) => void;

/**
 * Call History's follow-up asked before the app's code has arrived (app/early-boot.ts), beside the
 * dates (`dates`, their answer): the filters at once, and once the dates are in, the calls and totals
 * of the view the page opens on when the address names none and that view is the current period. The
 * boot asks the same (call-history-first-load.ts) and finds them asked; the boot's test holds the two
 * together. Any other opening view needs the clock and the business time zone, and is asked as before.
 */
export function askCallHistoryEarly(dates: Promise<Response>, search: URLSearchParams, ask: Ask): void {
  ask(CALL_PATHS.filters);
  if (readView(search)) return;
  dates
    // A clone: the body itself is for the boot to read.
    .then((response) => (response.ok ? (response.clone().json() as Promise<{ dates?: CallDates }>) : null))
    .then((body) => {
      const view = body?.dates && periodOpeningView(body.dates);
      if (!view) return;
      ask(CALL_PATHS.list, { ...callsParams(view) });
      ask(CALL_PATHS.totals, { ...totalsParams(view) });
    })
    .catch(() => undefined);
}
