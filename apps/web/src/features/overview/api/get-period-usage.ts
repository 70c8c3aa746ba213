import { CALL_PATHS, type UsageResponse } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A period as the usage endpoint reads it: unix seconds, both inclusive. */
export interface PeriodRange {
  timestampFrom: number;
  timestampTo: number;
}

/** The period's credits per day by user, against the previous period (USAGE-09). */
export function getPeriodUsage(period: PeriodRange, signal?: AbortSignal): Promise<UsageResponse> {
  return apiRequest<UsageResponse>(CALL_PATHS.usage, { query: { ...period, by: 'user' }, signal });
}

export const periodUsageQuery = (period: PeriodRange) =>
  queryOptions({
    queryKey: ['calls', 'usage', { ...period, by: 'user' }],
    queryFn: ({ signal }) => getPeriodUsage(period, signal),
  });

/** Asked by the card, so only once the overview's summary, which holds the period, is drawn. */
export function usePeriodUsage(period: PeriodRange, enabled = true) {
  return useQuery({ ...periodUsageQuery(period), enabled });
}
