import { LINES_PATHS, MESSAGES, linesDataSchema, type LinesData } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client';
import { LINES_CACHE_TAG } from './query-keys';

/** GET /lines/ (API-27): an answer that is not lines data is a parsing failure, never a half-drawn page. */
export async function getLines(signal?: AbortSignal): Promise<LinesData> {
  const parsed = linesDataSchema.safeParse(await apiRequest<unknown>(LINES_PATHS.lines, { signal }));
  if (!parsed.success) throw new ApiError(0, 'PARSING_ERROR', MESSAGES.genericError);
  return parsed.data;
}

/**
 * The one query of GET /lines/. The Lines page shows it and the PDF page reads its own PIN from it, so
 * both pages share one cached copy under one key with one fetcher.
 */
export const linesQuery = queryOptions({
  queryKey: [LINES_CACHE_TAG],
  queryFn: ({ signal }) => getLines(signal),
});
