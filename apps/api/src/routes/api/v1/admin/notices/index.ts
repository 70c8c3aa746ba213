import {
  adminNoticeListSchema,
  errorEnvelopeSchema,
  IDEMPOTENCY_KEY_HEADER,
  noticeParamsSchema,
  publishNoticeSchema,
  staffActionResultSchema,
  staffActionSchema,
  idempotencyKeyHeadersSchema,
} from '@enq/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../../../../plugins/auth';
import {
  listPlanChoices,
  noticesForConsole,
  publishNotice,
  withdrawNoticeAction,
} from '../../../../../domain/admin';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const headers = idempotencyKeyHeadersSchema;
const tags = ['admin'];

/** Overview notices (NOTICE-01..05): list, publish (now or scheduled) and withdraw; admin role. */
const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { staffPermission: 'notices' },
      schema: {
        tags,
        summary: 'Every overview notice with its status (scheduled, live, ended, withdrawn)',
        response: { 200: adminNoticeListSchema },
      },
    },
    async () => ({
      notices: await noticesForConsole(app.database, app.clock.now()),
      plans: await listPlanChoices(app.database),
    }),
  );

  app.post(
    '/',
    {
      config: { staffPermission: 'notices' },
      schema: {
        tags,
        summary: 'Publish a notice to all accounts, a plan or one account, now or at publish_at',
        headers,
        body: publishNoticeSchema,
        response: { 200: staffActionResultSchema.extend({ id: z.string() }), ...errors },
      },
    },
    async (req) =>
      publishNotice(
        app.database,
        staffActor(req),
        req.body,
        req.headers[IDEMPOTENCY_KEY_HEADER],
        app.clock.now(),
      ),
  );

  app.post(
    '/:id/withdraw',
    {
      config: { staffPermission: 'notices' },
      schema: {
        tags,
        summary: 'Withdraw a notice: it leaves every overview at once',
        headers,
        params: noticeParamsSchema,
        body: staffActionSchema,
        response: { 200: staffActionResultSchema, ...errors },
      },
    },
    async (req) =>
      withdrawNoticeAction(
        app.database,
        staffActor(req),
        req.params.id,
        req.body.reason,
        req.headers[IDEMPOTENCY_KEY_HEADER],
        app.clock.now(),
      ),
  );
};

export default noticesRoutes;
