import { z } from 'zod';

/**
 * Where one environment's calls go (AUTH-10..12). Null means the same as the page: its own origin for
 * the API, and the top-level `oidc` issuer for sign-in.
 */
const environmentEndpointsSchema = z.object({
  api_origin: z
    .string()
    .nullable()
    .meta({ description: "Origin of this environment's API (scheme, host, port); null: the page's own" }),
  oidc_issuer: z
    .string()
    .nullable()
    .meta({ description: "This environment's identity provider; null: the one under oidc.issuer" }),
});
export type EnvironmentEndpoints = z.infer<typeof environmentEndpointsSchema>;

/** What the page needs to know before sign-in; served without a token. */
export const publicConfigSchema = z
  .object({
    oidc: z.object({ issuer: z.string(), client_id: z.string(), scope: z.string() }),
    environments: z
      .object({
        local: environmentEndpointsSchema,
        dev: environmentEndpointsSchema,
        production: environmentEndpointsSchema,
      })
      .meta({ description: 'The page picks one by its own host: localhost, a host with enqueue, any other' }),
    marketing_url: z.string(),
    support_url: z.string(),
    admin_panel_url: z.string(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
