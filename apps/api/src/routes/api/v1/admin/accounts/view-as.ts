import {
  errorEnvelopeSchema,
  viewAsParamsSchema,
  viewAsRequestSchema,
  viewAsResponseSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../../../../plugins/auth';
import { viewAsCustomer } from '../../../../../domain/admin';

/**
 * View as customer (STAFF-07): support and up get a 15-minute read-only token of the account's admin.
 * Nothing changes on the account, so no Idempotency-Key: each request is a new viewing, in the trail.
 */
const accountViewAsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:accountId/view-as',
    {
      config: { staffPermission: 'viewAsCustomer' },
      schema: {
        tags: ['admin'],
        summary: "Open the portal as the account's admin sees it, read-only, for a few minutes",
        params: viewAsParamsSchema,
        body: viewAsRequestSchema,
        response: { 200: viewAsResponseSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (req) =>
      viewAsCustomer(app.database, staffActor(req), req.params.accountId, req.body.reason, app.clock.now()),
  );
};

export default accountViewAsRoutes;
