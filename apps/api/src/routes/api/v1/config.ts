import { publicConfigSchema, type PublicConfig } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../../config';

/** What the page needs before sign-in: GET /api/v1/config, and written into the page itself (web.ts). */
export function publicConfig(config: AppConfig): PublicConfig {
  const published = ({ apiOrigin, oidcIssuer }: { apiOrigin: string | null; oidcIssuer: string | null }) => ({
    api_origin: apiOrigin,
    oidc_issuer: oidcIssuer,
  });
  const { local, dev, production } = config.environments;
  return {
    oidc: { issuer: config.oidc.issuer, client_id: config.oidc.clientId, scope: config.oidc.scope },
    // AUTH-10..12: the page picks its environment by its own host and sends every call there.
    environments: { local: published(local), dev: published(dev), production: published(production) },
    marketing_url: config.sites.marketing,
    support_url: config.sites.support,
    admin_panel_url: config.sites.adminPanel,
  };
}

const configRoute: FastifyPluginAsyncZod = async (app) => {
  const body = publicConfig(app.config);
  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: 'What the page needs before sign-in',
        response: { 200: publicConfigSchema },
      },
    },
    async () => body,
  );
};

export default configRoute;
