import type { CallDates } from '@enq/contract';
import type { ScreenLoad } from '../../lib/screen-load';
import { callDatesQuery } from './api/get-call-dates';
import { callFiltersQuery } from './api/get-call-filters';
import { callTotalsQuery } from './api/get-call-totals';
import { callsQuery } from './api/get-calls';
import { callsParams, openingViewWithoutClock, totalsParams } from './call-history-opening';

/**
 * What the screen asks first, asked by the boot beside the screen's code (app/screen-data.ts): the
 * dates, then the calls, totals and filters of the view it opens on.
 */
export const firstLoad: ScreenLoad = {
  first: callDatesQuery,
  next: async ({ dates }: { dates: CallDates }, search: URLSearchParams) => {
    const view =
      openingViewWithoutClock(search, dates) ??
      (await import('./call-history-state')).openingView(search, dates);
    return [callsQuery(callsParams(view)), callTotalsQuery(totalsParams(view)), callFiltersQuery];
  },
};
