import {
  SERVICE_KEY_HEADER,
  authorizeQuerySchema,
  authorizeResponseSchema,
  callBatchDocumentSchema,
  callBatchResultSchema,
  callBatchSchema,
  errorEnvelopeSchema,
} from '@enq/contract';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorizeCall, ingestCalls } from '../../../../domain/telephony';
import { DomainError } from '../../../../domain/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The telephony platform's side: call records in, and whether a PIN may place a call. */
const telephonyRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = digest(app.telephonyServiceKey);
  app.addHook('onRequest', async (req) => {
    const given = req.headers[SERVICE_KEY_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      throw new DomainError('unauthorized', `A valid ${SERVICE_KEY_HEADER} header is required.`);
    }
  });
  const tags = ['telephony'];
  const security = [{ serviceKey: [] }];

  app.post(
    '/calls',
    {
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        security,
        summary: 'Record a batch of up to 1,000 calls (idempotent on call_uuid)',
        body: callBatchSchema,
        documentedBody: callBatchDocumentSchema,
        response: { 200: callBatchResultSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (req) =>
      ingestCalls(
        {
          database: app.database,
          // Reloaded when a rate was scheduled since (CAT-03), by this process or another.
          rates: await app.rates.fresh(app.database),
          engine: app.billing,
          now: app.clock.now(),
          mailer: app.mailer,
        },
        req.body.calls,
      ),
  );

  app.get(
    '/authorize',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the person with this PIN may place a call now',
        querystring: authorizeQuerySchema,
        response: { 200: authorizeResponseSchema, 401: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const decision = await authorizeCall(app.database, req.query.pin, app.clock.now());
      app.countAuthorizeDecision(decision.allowed, decision.reason);
      return decision;
    },
  );
};

export default telephonyRoutes;
