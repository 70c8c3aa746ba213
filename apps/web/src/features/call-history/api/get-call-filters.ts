import { CALL_PATHS, type CallFilters } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getCallFilters(signal?: AbortSignal): Promise<CallFilters> {
  return apiRequest<CallFilters>(CALL_PATHS.filters, { signal });
}

export const callFiltersQuery = queryOptions({
  queryKey: ['calls', 'filters'],
  queryFn: ({ signal }) => getCallFilters(signal),
});

export function useCallFilters() {
  return useQuery(callFiltersQuery);
}
