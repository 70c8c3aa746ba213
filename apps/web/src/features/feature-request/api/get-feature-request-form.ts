import {
  FEATURE_REQUEST_PATHS,
  MESSAGES,
  featureRequestResponseSchema,
  type FeatureRequestResponse,
} from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export async function getFeatureRequestForm(signal?: AbortSignal): Promise<FeatureRequestResponse> {
  const parsed = featureRequestResponseSchema.safeParse(
    await apiRequest<unknown>(FEATURE_REQUEST_PATHS.root, { signal }),
  );
  if (!parsed.success) throw new ApiError(0, 'PARSING_ERROR', MESSAGES.genericError);
  return parsed.data;
}

export const featureRequestFormQuery = queryOptions({
  queryKey: ['feature-request'] as const,
  queryFn: ({ signal }) => getFeatureRequestForm(signal),
});

export function useFeatureRequestForm() {
  return useQuery(featureRequestFormQuery);
}
