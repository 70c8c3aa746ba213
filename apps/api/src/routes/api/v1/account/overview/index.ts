import {
  OVERVIEW_TEXT,
  dismissParamsSchema,
  errorEnvelopeSchema,
  overviewResponseSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dismissNotice } from '../../../../../domain/overview/notifications-repository';
import { loadOverview } from '../../../../../domain/overview/overview';
import { DomainError } from '../../../../../domain/errors';

/** The account root: GET / is the overview (registered without a prefix). */
const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['overview'];

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Overview: masked PIN, notices, subscription summary and banner flags',
        response: { 200: overviewResponseSchema },
      },
    },
    (req) => loadOverview(app.database, req.principal!.accountId!, req.principal!.personId, app.clock.now()),
  );

  app.post(
    '/notifications/:key/dismiss',
    {
      schema: {
        tags,
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

export default overviewRoutes;
