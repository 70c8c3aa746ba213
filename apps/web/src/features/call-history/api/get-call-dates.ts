import { CALL_PATHS, type CallDates } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getCallDates(signal?: AbortSignal): Promise<{ dates: CallDates }> {
  return apiRequest<{ dates: CallDates }>(CALL_PATHS.dates, { signal });
}

export const callDatesQuery = queryOptions({
  queryKey: ['calls', 'dates'],
  queryFn: ({ signal }) => getCallDates(signal),
});

export function useCallDates() {
  return useQuery(callDatesQuery);
}
