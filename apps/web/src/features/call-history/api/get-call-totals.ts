import { CALL_PATHS, type CallTotals } from '@enq/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { CallsParams } from './get-calls';

export type CallTotalsParams = Omit<CallsParams, 'page'>;

export function getCallTotals(params: CallTotalsParams, signal?: AbortSignal): Promise<CallTotals> {
  return apiRequest<CallTotals>(CALL_PATHS.totals, { query: { ...params }, signal });
}

export const callTotalsQuery = (params: CallTotalsParams) =>
  queryOptions({
    queryKey: ['calls', 'totals', params],
    queryFn: ({ signal }) => getCallTotals(params, signal),
  });

/** The range's totals; they do not change with the page, so paging does not refetch them. */
export function useCallTotals(params: CallTotalsParams) {
  return useQuery({ ...callTotalsQuery(params), placeholderData: keepPreviousData });
}
