import { API_PUBLIC_CONFIG, type PublicConfig } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, pageRequest, setApiOrigin } from './api-client';
import { embeddedConfig } from './embedded-config';
import { endpointsHere } from './environment';

/**
 * The config's shape checked (the server checks the answer against publicConfigSchema on its way out;
 * validating it again here would put zod into the first load of every page), and every API call from
 * here on sent to the API of the environment this page's host names.
 */
function adoptConfig(body: unknown): PublicConfig {
  const config = body as Partial<PublicConfig> | null;
  if (
    typeof config?.oidc?.issuer !== 'string' ||
    typeof config.marketing_url !== 'string' ||
    typeof config.environments !== 'object' ||
    config.environments === null
  ) {
    throw new ApiError(200, 'PARSING_ERROR', 'The portal configuration is malformed.');
  }
  setApiOrigin(endpointsHere(config as PublicConfig).apiOrigin);
  return config as PublicConfig;
}

/**
 * The page's config: as written into the page, so that the API can be asked at once, else from
 * GET /api/v1/config.
 */
export async function loadPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return adoptConfig(embeddedConfig() ?? (await pageRequest<unknown>(API_PUBLIC_CONFIG, { signal })));
}

/**
 * The config written into the page, there before the first render: the portal's first render is then
 * its outline under the sign-in gate, not a wait for a promise that was never needed followed by the
 * same outline mounted again. Malformed or missing, the query asks loadPublicConfig, which reports it.
 */
function configInPage(): PublicConfig | undefined {
  const body = embeddedConfig();
  if (body === undefined) return undefined;
  try {
    return adoptConfig(body);
  } catch {
    return undefined;
  }
}

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }) => loadPublicConfig(signal),
  initialData: configInPage,
  staleTime: Infinity,
  gcTime: Infinity,
});
