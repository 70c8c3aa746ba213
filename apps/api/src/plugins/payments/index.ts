import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from '../../domain/ports/payment-provider';
import { SandboxPaymentProvider } from './sandbox';
import { StripePaymentProvider } from './stripe';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

export function createPaymentProvider(config: {
  stripeSecretKey?: string;
  stripePublishableKey?: string;
}): PaymentProvider {
  return config.stripeSecretKey
    ? new StripePaymentProvider(config.stripeSecretKey, config.stripePublishableKey ?? null)
    : new SandboxPaymentProvider();
}

/** The process's card provider, made by its composition root (composition.ts). */
async function paymentsPlugin(app: FastifyInstance, options: { provider: PaymentProvider }) {
  app.decorate('payments', options.provider);
}

export default fp(paymentsPlugin, { name: 'payments' });
