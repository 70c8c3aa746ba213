import { STRIPE_SIGNATURE_HEADER, errorEnvelopeSchema, webhookReceiptSchema } from '@enq/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../../domain/errors';
import { receiveProviderEvent } from '../../../../domain/payment-events';
import { WebhookSignatureError, verifyStripeEvent } from '../../../../plugins/payments/stripe-webhooks';

/** What the OpenAPI document says is posted: a Stripe event (the body itself is checked as raw bytes). */
const stripeEventDocument = z.object({
  id: z.string().describe('evt_…, kept once'),
  type: z.string().describe('payment_intent.succeeded, charge.refunded, …'),
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** Refused before any SQL: so many requests a minute from one address whose signature does not verify. */
const UNSIGNED_PER_MINUTE = 600;

/**
 * POST /api/v1/webhooks/stripe: the card provider's events (Stripe's, or the sandbox's in its place),
 * server to server: no session or token (the signature is the proof), and no page posts it, so the form
 * origin check does not apply. The body is kept as the raw bytes Stripe signed (a parser for this
 * plugin's routes only): a re-serialised JSON would not verify.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  // Each request's signature is checked once: by the rate limit's allow list, then read by the handler.
  const checked = new WeakMap<FastifyRequest, ReturnType<typeof verifyStripeEvent> | WebhookSignatureError>();
  const verified = (req: FastifyRequest) => {
    let result = checked.get(req);
    if (!result) {
      try {
        if (!Buffer.isBuffer(req.body))
          throw new WebhookSignatureError('The event must be sent as application/json.');
        result = verifyStripeEvent(
          req.body,
          req.headers[STRIPE_SIGNATURE_HEADER],
          app.config.payments.webhookSecret,
        );
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        result = error;
      }
      checked.set(req, result);
    }
    return result;
  };
  app.post(
    '/stripe',
    {
      bodyLimit: 512 * 1024,
      // A flood of unsigned or badly signed requests is refused before any SQL, as on the other public
      // endpoints. Signed events are never counted: Stripe sends one per charge, so a period close of
      // more accounts than the limit would otherwise be answered 429 and reach the ledger hours late,
      // and counting them would cost each event a statement of its own.
      config: {
        rateLimit: {
          max: UNSIGNED_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          allowList: (req) => !(verified(req) instanceof WebhookSignatureError),
        },
      },
      schema: {
        tags: ['billing'],
        summary: "The card provider's events (Stripe webhooks), verified by their Stripe-Signature",
        documentedBody: stripeEventDocument,
        headers: z.object({ [STRIPE_SIGNATURE_HEADER]: z.string().optional() }),
        response: { 200: webhookReceiptSchema, 400: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const event = verified(req);
      if (event instanceof WebhookSignatureError) throw new DomainError('invalid', event.message);
      const { duplicate } = await receiveProviderEvent(
        {
          database: app.database,
          clock: app.clock,
          publicUrl: app.config.publicUrl,
          mailer: app.mailer,
          log: req.log,
          describeCard: (paymentMethodId) => app.payments.describePaymentMethod(paymentMethodId),
        },
        event.event,
        event.body,
      );
      return { received: true as const, duplicate };
    },
  );
};

export default stripeWebhookRoutes;
