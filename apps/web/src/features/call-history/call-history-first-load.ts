import type { CallDates } from '@enq/contract';
import type { NextQueries } from '../../lib/screen-load';
import { callFiltersQuery } from './api/get-call-filters';
import { callTotalsQuery } from './api/get-call-totals';
import { callsQuery } from './api/get-calls';
import { callsParams, openingView } from './call-history-state';

/** Once the dates are in: the calls, totals and filters of the view the page will open on. */
export const callHistoryNext: NextQueries = ({ dates }: { dates: CallDates }, search: URLSearchParams) => {
  const params = callsParams(openingView(search, dates));
  const { page: _page, ...range } = params;
  return [callsQuery(params), callTotalsQuery(range), callFiltersQuery];
};
