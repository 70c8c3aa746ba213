import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const status = z.object({ status: z.string() });
  // Liveness: the process answers. Readiness: the database answers too.
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: status } } }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: status, 503: status } } },
    async (req, reply) => {
      try {
        await app.databaseAnswers();
        return { status: 'ready' };
      } catch (error) {
        req.log.warn({ err: error }, 'database not ready');
        return reply.code(503).send({ status: 'database unavailable' });
      }
    },
  );
};

export default healthRoutes;
