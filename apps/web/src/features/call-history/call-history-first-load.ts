import type { CallDates } from '@enq/contract';
import type { NextQueries } from '../../lib/screen-load';
import { callFiltersQuery } from './api/get-call-filters';
import { callTotalsQuery } from './api/get-call-totals';
import { callsQuery } from './api/get-calls';
import { callsParams, totalsParams } from './call-history-opening';
import { openingView } from './call-history-state';

/** Once the dates are in: the calls, totals and filters of the view the page will open on. */
export const callHistoryNext: NextQueries = ({ dates }: { dates: CallDates }, search: URLSearchParams) => {
  const view = openingView(search, dates);
  return [callsQuery(callsParams(view)), callTotalsQuery(totalsParams(view)), callFiltersQuery];
};
