import type { CallDates } from '@enq/contract';
import type { NextQueries } from '../../lib/screen-load';
import { callFiltersQuery } from './api/get-call-filters';
import { callTotalsQuery } from './api/get-call-totals';
import { callsQuery } from './api/get-calls';
import { openingRequests } from './call-history-opening';

/** Once the dates are in: the calls, totals and filters of the view the page will open on. */
export const callHistoryNext: NextQueries = ({ dates }: { dates: CallDates }, search: URLSearchParams) => {
  const { calls, totals } = openingRequests(dates, search);
  return [callsQuery(calls), callTotalsQuery(totals), callFiltersQuery];
};
