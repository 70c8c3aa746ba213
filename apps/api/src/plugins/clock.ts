import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** All business time comes from here, so tests and simulations can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

async function clockPlugin(app: FastifyInstance, options: { clock?: Clock }) {
  app.decorate('clock', options.clock ?? systemClock);
}

export default fp(clockPlugin, { name: 'clock' });
