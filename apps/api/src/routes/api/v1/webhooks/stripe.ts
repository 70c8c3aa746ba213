import { STRIPE_SIGNATURE_HEADER, errorEnvelopeSchema, webhookReceiptSchema } from '@enq/contract';
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

/**
 * POST /api/v1/webhooks/stripe: the card provider's events (Stripe's, or the sandbox's in its place),
 * server to server: no session or token (the signature is the proof), and no page posts it, so the form
 * origin check does not apply. The body is kept as the raw bytes Stripe signed (a parser for this
 * plugin's routes only): a re-serialised JSON would not verify.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post(
    '/stripe',
    {
      bodyLimit: 512 * 1024,
      // As the other public endpoints: Stripe sends well under this, a flood is refused before any SQL.
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['billing'],
        summary: "The card provider's events (Stripe webhooks), verified by their Stripe-Signature",
        documentedBody: stripeEventDocument,
        headers: z.object({ [STRIPE_SIGNATURE_HEADER]: z.string().optional() }),
        response: { 200: webhookReceiptSchema, 400: errorEnvelopeSchema },
      },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body))
        throw new DomainError('invalid', 'The event must be sent as application/json.');
      let verified;
      try {
        verified = verifyStripeEvent(
          req.body,
          req.headers[STRIPE_SIGNATURE_HEADER],
          app.config.payments.webhookSecret,
        );
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new DomainError('invalid', error.message);
        throw error;
      }
      const { duplicate } = await receiveProviderEvent(
        {
          database: app.database,
          clock: app.clock,
          publicUrl: app.config.publicUrl,
          mailer: app.mailer,
          log: req.log,
          describeCard: (paymentMethodId) => app.payments.describePaymentMethod(paymentMethodId),
        },
        verified.event,
        verified.body,
      );
      return { received: true as const, duplicate };
    },
  );
};

export default stripeWebhookRoutes;
