import { publicConfigSchema } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const configRoute: FastifyPluginAsyncZod = async (app) => {
  const published = ({ apiOrigin, oidcIssuer }: { apiOrigin: string | null; oidcIssuer: string | null }) => ({
    api_origin: apiOrigin,
    oidc_issuer: oidcIssuer,
  });
  const { local, dev, production } = app.config.environments;
  const body = {
    oidc: {
      issuer: app.config.oidc.issuer,
      client_id: app.config.oidc.clientId,
      scope: app.config.oidc.scope,
    },
    // AUTH-10..12: the page picks its environment by its own host and sends every call there.
    environments: { local: published(local), dev: published(dev), production: published(production) },
    marketing_url: app.config.sites.marketing,
    support_url: app.config.sites.support,
    admin_panel_url: app.config.sites.adminPanel,
  };
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
