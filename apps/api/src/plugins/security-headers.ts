import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (CSP, HSTS, frame options, ...) on every answer, from one middleware built
 * at start. @fastify/helmet calls helmet(options) again in each request's hook, which parses every CSP
 * directive anew: under load that was 4 to 5% of the overview's server time (docs/performance.md).
 */
async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmet(options);
  app.addHook('onRequest', (req, reply, done) =>
    headers(req.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}

export default fp(securityHeaders, { name: 'security-headers' });
