import { CALL_PATHS, type CallDates } from '@enq/contract';
import type { QueryValue } from '../../lib/query-string';
import type { CallsParams } from './api/get-calls';
import type { CallTotalsParams } from './api/get-call-totals';
import { callsParams, openingView } from './call-history-state';

/** What Call History asks once its dates are in: the calls, totals and filters of its opening view. */
export interface OpeningRequests {
  calls: CallsParams;
  totals: CallTotalsParams;
}

export function openingRequests(dates: CallDates, search: URLSearchParams): OpeningRequests {
  const calls = callsParams(openingView(search, dates));
  const { page: _page, ...totals } = calls;
  return { calls, totals };
}

/**
 * The same as the paths and queries api-client sends, for the early boot (app/early-boot.ts), which
 * asks them before the app's code and its queries have arrived. No zod and no query library: this
 * module is all the early boot waits for.
 */
export function openingPaths(
  dates: CallDates,
  search: URLSearchParams,
): { path: string; query?: Record<string, QueryValue> }[] {
  const { calls, totals } = openingRequests(dates, search);
  return [
    { path: CALL_PATHS.list, query: { ...calls } },
    { path: CALL_PATHS.totals, query: { ...totals } },
    { path: CALL_PATHS.filters },
  ];
}
