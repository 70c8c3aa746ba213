import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { telephonyServiceKey } from '../domain/telephony/service-key';

declare module 'fastify' {
  interface FastifyInstance {
    /** The key the telephony service must send (`x-service-key`) to post calls. */
    telephonyServiceKey: string;
  }
}

async function telephonyPlugin(app: FastifyInstance) {
  app.decorate(
    'telephonyServiceKey',
    await telephonyServiceKey(app.database, app.config.telephonyServiceKey),
  );
}

export default fp(telephonyPlugin, { name: 'telephony', dependencies: ['db'] });
