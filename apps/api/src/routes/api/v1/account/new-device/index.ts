import { DEVICE_PATHS, errorEnvelopeSchema, newDeviceResponseSchema } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deviceOfToken,
  markDeviceNotified,
  recordDevice,
  newDeviceEmail,
  hashToken,
} from '../../../../../domain/auth';

const newDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    DEVICE_PATHS.newDevice,
    {
      schema: {
        tags: ['auth'],
        summary: 'Record the device of this sign-in; the first time, email a new-sign-in notice',
        response: { 200: newDeviceResponseSchema, 429: errorEnvelopeSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => {
      const principal = req.principal!;
      // The device is the one the identity provider named when this token was issued, never one the
      // caller claims: the call has no payload.
      const deviceId = await deviceOfToken(app.database, hashToken(req.bearerToken!));
      if (!deviceId) return { notified: false };
      const at = app.clock.now();
      const sighting = {
        personId: principal.personId,
        deviceId,
        userAgent: (req.headers['user-agent'] ?? '').slice(0, 512),
        ip: req.ip,
        at,
      };
      // The sighting, its notice and the mark that it was sent commit together.
      return app.database.transaction(async (tx) => {
        const isNew = await recordDevice(tx, sighting);
        if (!isNew) return { notified: false };
        await app.mailer.send(
          newDeviceEmail(
            { accountId: principal.accountId, email: principal.email, fullName: principal.fullName },
            sighting,
            `${app.config.publicUrl}/password-reset`,
          ),
          tx,
        );
        await markDeviceNotified(tx, principal.personId, deviceId, at);
        return { notified: true };
      });
    },
  );
};

export default newDeviceRoutes;
