import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { systemClock, type Clock } from '../domain/ports/clock';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

async function clockPlugin(app: FastifyInstance, options: { clock?: Clock }) {
  app.decorate('clock', options.clock ?? systemClock);
}

export default fp(clockPlugin, { name: 'clock' });
