import { errorEnvelopeSchema, sandboxCardSchema, sandboxPaymentMethodSchema } from '@enq/contract';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccountMember } from '../../../../plugins/auth';
import { DomainError } from '../../../../domain/errors';
import { SandboxPaymentProvider } from '../../../../plugins/payments/sandbox';
import { UnknownPaymentMethodError } from '../../../../domain/ports/payment-provider';

/**
 * The sandbox's stand-in for Stripe.js: turns one of Stripe's test card numbers into a payment method id.
 * Only mounted while the sandbox is the provider, so no card number ever reaches us when Stripe is set up.
 */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = app.payments;
  if (!(sandbox instanceof SandboxPaymentProvider)) return;
  app.addHook('onRequest', requireAccountMember);
  app.post(
    '/sandbox/payment-methods',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['billing'],
        summary: 'Sandbox only: a test card number becomes a payment method id',
        body: sandboxCardSchema,
        response: { 200: sandboxPaymentMethodSchema, 400: errorEnvelopeSchema },
      },
    },
    async (req) => {
      const { number, exp_month, exp_year } = req.body;
      const now = app.clock.now();
      if (exp_year * 12 + exp_month - 1 < now.getUTCFullYear() * 12 + now.getUTCMonth())
        throw new DomainError('invalid', "Your card's expiration date is in the past.", 'exp_month');
      try {
        const pmId = sandbox.createPaymentMethod(
          { number, expMonth: exp_month, expYear: exp_year },
          randomBytes(6).toString('hex'),
        );
        return { pm_id: pmId };
      } catch (error) {
        if (error instanceof UnknownPaymentMethodError)
          throw new DomainError('invalid', error.message, 'number');
        throw error;
      }
    },
  );
};

export default paymentsRoutes;
