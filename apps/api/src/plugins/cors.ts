import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isUnder, routerPath } from './request-path';

/**
 * Lets the pages of the origins in CORS_ORIGINS call this API: an environment's page may be served
 * apart from the API its host maps to (AUTH-10..12). Only /api answers them, and only those origins;
 * with no list nothing changes. Calls carry a bearer token, never cookies, so credentials stay off.
 */
async function cors(app: FastifyInstance) {
  const allowed = new Set(app.config.corsOrigins);
  if (allowed.size === 0) return;
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin) || !isUnder(routerPath(req.url), '/api')) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    // Downloads name their file in Content-Disposition, which a cross-origin page cannot read unless told.
    reply.header('access-control-expose-headers', 'Content-Disposition');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
      reply.header('access-control-allow-headers', 'Authorization, Content-Type, Accept');
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}

export default fp(cors, { name: 'cors' });
