import { LINES_PATHS, MESSAGES, linesDataSchema, type LinesData } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { LINES_CACHE_TAG } from '../../../lib/query-keys';

/**
 * GET /lines/ for the person's own PIN (PDF-01). Same key and answer as the Lines page's query, so the
 * two pages share one cached copy.
 */
export async function getLines(signal?: AbortSignal): Promise<LinesData> {
  const parsed = linesDataSchema.safeParse(await apiRequest<unknown>(LINES_PATHS.lines, { signal }));
  if (!parsed.success) throw new ApiError(0, 'PARSING_ERROR', MESSAGES.genericError);
  return parsed.data;
}

export const ownPinQuery = queryOptions({
  queryKey: [LINES_CACHE_TAG],
  queryFn: ({ signal }) => getLines(signal),
  select: (data) => data.pin,
});

export function useOwnPin() {
  return useQuery(ownPinQuery);
}
