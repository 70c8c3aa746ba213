import { LINES_PATHS, MESSAGES, linesDataSchema, type LinesData } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { LINES_CACHE_TAG } from '../../../lib/query-keys';

/** GET /lines/ (API-27): an answer that is not lines data is a parsing failure, never a half-drawn page. */
export async function getLines(signal?: AbortSignal): Promise<LinesData> {
  const parsed = linesDataSchema.safeParse(await apiRequest<unknown>(LINES_PATHS.lines, { signal }));
  if (!parsed.success) throw new ApiError(0, 'PARSING_ERROR', MESSAGES.genericError);
  return parsed.data;
}

export const linesQuery = queryOptions({
  queryKey: [LINES_CACHE_TAG],
  queryFn: ({ signal }) => getLines(signal),
});

/** Each line's rate is the rate now, which changes every half hour: re-read while the page is open. */
const RATE_REFRESH_MS = 5 * 60_000;

export function useLines() {
  return useQuery({ ...linesQuery, refetchInterval: RATE_REFRESH_MS });
}
