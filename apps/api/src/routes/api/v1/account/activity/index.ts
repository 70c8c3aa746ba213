import {
  ACTIVITY_CSV_FILENAME,
  activityPageSchema,
  activityQuerySchema,
  errorEnvelopeSchema,
} from '@enq/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityCsvFile, activityPage } from '../../../../../domain/activity';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const security = [{ bearer: [] }];
const tags = ['users'];

/** The Users screen's Activity view (ACT-01..): the account's log, for its admin only. */
const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const readerOf = (req: FastifyRequest) => ({
    accountId: req.principal!.accountId!,
    isAdmin: req.principal!.isAdmin,
  });

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: "The account's activity: who changed what, before and after, newest first",
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errors },
      },
    },
    async (req) => activityPage(app.database, readerOf(req), req.query, req.query.page),
  );

  app.get(
    '/csv/',
    {
      schema: {
        tags,
        security,
        summary: 'The activity the filters match, as a CSV file',
        querystring: activityQuerySchema.omit({ page: true }),
        produces: ['text/csv'],
        response: { 200: z.any().meta({ description: 'text/csv' }), ...errors },
      },
    },
    async (req, reply) => {
      const csv = await activityCsvFile(app.database, readerOf(req), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ACTIVITY_CSV_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

export default activityRoutes;
