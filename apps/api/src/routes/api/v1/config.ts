import { publicConfigSchema } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const configRoute: FastifyPluginAsyncZod = async (app) => {
  const body = {
    oidc: {
      issuer: app.config.oidc.issuer,
      client_id: app.config.oidc.clientId,
      scope: app.config.oidc.scope,
    },
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
