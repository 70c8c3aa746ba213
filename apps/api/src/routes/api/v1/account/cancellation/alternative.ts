import {
  CANCELLATION_TEXT,
  alternativeBodySchema,
  errorEnvelopeSchema,
  okResponseSchema,
} from '@enq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAlternative } from '../../../../../domain/cancellation';

const alternativeRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/alternative/',
    {
      schema: {
        tags: ['subscription'],
        summary: 'Records that the customer took the offered alternative instead of cancelling',
        body: alternativeBodySchema,
        response: { 200: okResponseSchema, 400: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const { accountId, personId } = req.principal!;
      await recordAlternative(app.database, accountId!, personId, req.body);
      return { message: CANCELLATION_TEXT.alternativeTaken };
    },
  );
};

export default alternativeRoute;
