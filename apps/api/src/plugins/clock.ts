import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import type { Clock } from '../domain/ports/clock';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

/** The process's clock, from its composition root (composition.ts). */
async function clockPlugin(app: FastifyInstance, options: { clock: Clock }) {
  app.decorate('clock', options.clock);
}

export default fp(clockPlugin, { name: 'clock' });
