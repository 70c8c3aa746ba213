import { SANDBOX_PAYMENT_METHODS_PATH, type SandboxCard } from '@enq/contract';
import { apiRequestAbsolute } from '../../../lib/api-client';

/** The sandbox's stand-in for Stripe.js (only without a Stripe key): a test card becomes a pm id. */
export function createSandboxPaymentMethod(card: SandboxCard): Promise<{ pm_id: string }> {
  return apiRequestAbsolute<{ pm_id: string }>(SANDBOX_PAYMENT_METHODS_PATH, { method: 'POST', body: card });
}
