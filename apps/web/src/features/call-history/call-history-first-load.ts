import type { CallDates } from '@enq/contract';
import type { ScreenLoad } from '../../lib/screen-load';
import { callDatesQuery } from './api/get-call-dates';
import { callFiltersQuery } from './api/get-call-filters';
import { callTotalsQuery } from './api/get-call-totals';
import { callsQuery } from './api/get-calls';
import {
  callsParams,
  periodOpeningView,
  readView,
  totalsParams,
  type CallHistoryView,
} from './call-history-opening';

/**
 * The view the page opens on when that needs no clock: the range the address names, or with none the
 * current period. Any other (a relative preset brought up to today) needs the date rules.
 */
function viewWithoutClock(search: URLSearchParams, dates: CallDates): CallHistoryView | null {
  const inAddress = readView(search);
  if (inAddress) return inAddress.preset === 'custom' ? inAddress : null;
  return periodOpeningView(dates);
}

/**
 * What the screen asks first, asked by the boot beside the screen's code (app/screen-data.ts): the
 * dates, then the calls, totals and filters of the view it opens on.
 */
export const firstLoad: ScreenLoad = {
  first: callDatesQuery,
  next: async ({ dates }: { dates: CallDates }, search: URLSearchParams) => {
    const view =
      viewWithoutClock(search, dates) ?? (await import('./call-history-state')).openingView(search, dates);
    return [callsQuery(callsParams(view)), callTotalsQuery(totalsParams(view)), callFiltersQuery];
  },
};
