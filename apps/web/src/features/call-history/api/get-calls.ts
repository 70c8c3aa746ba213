import { CALL_PATHS, type CallsResponse } from '@enq/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface CallsParams {
  timestampFrom: number;
  timestampTo: number;
  page: number;
  user?: string | undefined;
  destination?: string | undefined;
}

export function getCalls(params: CallsParams, signal?: AbortSignal): Promise<CallsResponse> {
  return apiRequest<CallsResponse>(CALL_PATHS.list, { query: { ...params }, signal });
}

export const callsQuery = (params: CallsParams) =>
  queryOptions({ queryKey: ['calls', 'list', params], queryFn: ({ signal }) => getCalls(params, signal) });

/** One page of calls; the previous page stays on screen while the next one loads. */
export function useCalls(params: CallsParams) {
  return useQuery({ ...callsQuery(params), placeholderData: keepPreviousData });
}
