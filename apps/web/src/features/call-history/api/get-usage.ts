import { CALL_PATHS, type UsageGroup, type UsageResponse } from '@enq/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { CallTotalsParams } from './get-call-totals';

/** The range and filters of the totals, and how the days are stacked. */
export type UsageParams = CallTotalsParams & { by: UsageGroup };

export function getUsage(params: UsageParams, signal?: AbortSignal): Promise<UsageResponse> {
  return apiRequest<UsageResponse>(CALL_PATHS.usage, { query: { ...params }, signal });
}

export const usageQuery = (params: UsageParams) =>
  queryOptions({ queryKey: ['calls', 'usage', params], queryFn: ({ signal }) => getUsage(params, signal) });

/** The charts of the range (USAGE-10); the previous answer stays drawn while the next one loads. */
export function useUsage(params: UsageParams, enabled = true) {
  return useQuery({ ...usageQuery(params), placeholderData: keepPreviousData, enabled });
}
