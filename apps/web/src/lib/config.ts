import { API_PUBLIC_CONFIG, publicConfigSchema, type PublicConfig } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequestAbsolute } from './api-client';

export async function loadPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const body = await apiRequestAbsolute<unknown>(API_PUBLIC_CONFIG, { signal });
  const parsed = publicConfigSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(200, 'PARSING_ERROR', 'The portal configuration is malformed.');
  return parsed.data;
}

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }) => loadPublicConfig(signal),
  staleTime: Infinity,
  gcTime: Infinity,
});
