import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Routes whose answers are somebody's: the account, sign-in, payments and telephony APIs. */
const API_ROUTES = /^\/api\/v1\//;

/**
 * Every answer of the API says `Cache-Control: no-store`: users with their PINs, the profile, billing
 * and invoices must stay out of shared caches and off the disk of a shared computer (the back button,
 * a proxy). Decided by the route the router matched, not the path as written, and over whatever a
 * handler set (a download's `private` is not enough for a bearer-token answer).
 */
async function noStore(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    const route = req.routeOptions.url;
    if (!route || !API_ROUTES.test(route)) return payload;
    const current = String(reply.getHeader('cache-control') ?? '');
    if (!/\bno-store\b/.test(current)) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(noStore, { name: 'no-store' });
