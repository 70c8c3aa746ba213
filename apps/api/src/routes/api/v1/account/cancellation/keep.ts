import {
  CANCELLATION_TEXT,
  errorEnvelopeSchema,
  keepLinkBodySchema,
  subscriptionMutationResponseSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keepFromLink } from '../../../../../domain/cancellation';
import { subscriptionResponse } from '../subscription/subscription-response';

const keepRoute: FastifyPluginAsyncZod = async (app) => {
  const deps = app.billingEngines.deps(app.database);
  app.post(
    '/keep/',
    {
      schema: {
        tags: ['subscription'],
        summary:
          "The reminder email's Keep this plan link: undoes the cancellation it names, once, before the period ends, charging nothing",
        body: keepLinkBodySchema,
        response: {
          200: subscriptionMutationResponseSchema,
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (req) => {
      const { accountId, personId } = req.principal!;
      await keepFromLink(deps, accountId!, personId, req.body.token);
      return { ...(await subscriptionResponse(app, accountId!)), message: CANCELLATION_TEXT.kept };
    },
  );
};

export default keepRoute;
