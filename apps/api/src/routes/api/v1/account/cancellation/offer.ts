import { errorEnvelopeSchema, offerQuerySchema, offerResponseSchema } from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancellationOffer } from '../../../../../domain/cancellation';

const offerRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/offer/',
    {
      schema: {
        tags: ['subscription'],
        summary:
          "What fits the reason for cancelling, with its figures (the plan advisor's cheaper plan, a pause, the feature request form)",
        querystring: offerQuerySchema,
        response: { 200: offerResponseSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (req) => ({
      reason: req.query.reason,
      offer: await cancellationOffer(
        app.database,
        req.principal!.accountId!,
        req.query.reason,
        app.clock.now(),
      ),
    }),
  );
};

export default offerRoute;
