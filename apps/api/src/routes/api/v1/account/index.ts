import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccountMember } from '../../../../plugins/auth';

/**
 * Everything under /api/v1/account: signed-in account members only. Each area registers its routes
 * in its own folder here (folder = URL prefix).
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAccountMember);
};

export default accountRoutes;
