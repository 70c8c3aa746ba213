import { OVERVIEW_PATHS, type OverviewResponse } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TAGS } from '../../../lib/query-keys';

// Billing, invoices and subscription invalidate this key when they change what the overview shows.
export const OVERVIEW_QUERY_KEY = [CACHE_TAGS.overview] as const;

/**
 * GET /api/v1/account/ (the account root). The server checks the answer against overviewResponseSchema
 * on its way out; parsing it again here would put zod into the landing page's first load.
 */
export function getOverview(signal?: AbortSignal): Promise<OverviewResponse> {
  return apiRequest<OverviewResponse>(OVERVIEW_PATHS.root, { signal });
}

export const overviewQuery = queryOptions({
  queryKey: OVERVIEW_QUERY_KEY,
  queryFn: ({ signal }) => getOverview(signal),
});

export function useOverview() {
  return useQuery(overviewQuery);
}
