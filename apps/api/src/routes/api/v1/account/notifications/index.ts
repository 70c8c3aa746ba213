import { OVERVIEW_TEXT, dismissParamsSchema, errorEnvelopeSchema } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dismissNotice } from '../../../../../domain/overview';
import { DomainError } from '../../../../../domain/errors';

/** The overview's notices (OVERVIEW_PATHS.dismiss): a person hides one for themselves. */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:key/dismiss',
    {
      schema: {
        tags: ['overview'],
        summary:
          "Dismiss a notice for the signed-in person (a notification id, or 'sub_account'); idempotent",
        params: dismissParamsSchema,
        response: { 204: z.null(), 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const { accountId, personId } = req.principal!;
      const outcome = await dismissNotice(
        app.database,
        accountId!,
        personId,
        req.params.key,
        app.clock.now(),
      );
      if (outcome === 'not_found') throw new DomainError('not-found', OVERVIEW_TEXT.noSuchNotice);
      if (outcome === 'not_dismissible') throw new DomainError('conflict', OVERVIEW_TEXT.notDismissible);
      return reply.code(204).send(null);
    },
  );
};

export default notificationsRoutes;
