import { API_PUBLIC_CONFIG, type PublicConfig } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, pageRequest, setApiOrigin } from './api-client';
import { embeddedConfig } from './embedded-config';
import { endpointsHere } from './environment';

/**
 * The page's config: as written into the page, so that the API can be asked at once, else from
 * GET /api/v1/config.
 */
export async function loadPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const body = embeddedConfig() ?? (await pageRequest<unknown>(API_PUBLIC_CONFIG, { signal }));
  // The server checks this answer against publicConfigSchema on its way out; validating it again here
  // would put zod into the first load of every page, so only its shape is checked.
  const config = body as Partial<PublicConfig> | null;
  if (
    typeof config?.oidc?.issuer !== 'string' ||
    typeof config.marketing_url !== 'string' ||
    typeof config.environments !== 'object' ||
    config.environments === null
  ) {
    throw new ApiError(200, 'PARSING_ERROR', 'The portal configuration is malformed.');
  }
  // From here on every API call goes to the API of the environment this page's host names.
  setApiOrigin(endpointsHere(config as PublicConfig).apiOrigin);
  return config as PublicConfig;
}

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }) => loadPublicConfig(signal),
  staleTime: Infinity,
  gcTime: Infinity,
});
