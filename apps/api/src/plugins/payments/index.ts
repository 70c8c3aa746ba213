import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from '../../domain/ports/payment-provider';
import type { Transactional } from '../../db/handle';
import { SandboxPaymentProvider } from './sandbox';
import { SqlChargeStore } from './sandbox-charges-repository';
import { StripePaymentProvider } from './stripe';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

/** Stripe when its key is set, else the sandbox keeping its charges in `database` (shared by processes). */
export function createPaymentProvider(
  config: { stripeSecretKey?: string; stripePublishableKey?: string },
  database: () => Transactional,
): PaymentProvider {
  return config.stripeSecretKey
    ? new StripePaymentProvider(config.stripeSecretKey, config.stripePublishableKey ?? null)
    : new SandboxPaymentProvider(new SqlChargeStore(database));
}

/** The process's card provider, made by its composition root (composition.ts). */
async function paymentsPlugin(app: FastifyInstance, options: { provider: PaymentProvider }) {
  app.decorate('payments', options.provider);
}

export default fp(paymentsPlugin, { name: 'payments', dependencies: ['db'] });
