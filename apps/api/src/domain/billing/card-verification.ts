import type { PaymentProvider } from '../ports/payment-provider';

/** Decline codes Stripe already returns when a card is set up (not only when it is charged). */
const SETUP_DECLINES = new Set(['card_declined', 'expired_card', 'incorrect_cvc', 'processing_error']);

/**
 * Checks a new card before it becomes the default. The sandbox answers as Stripe's card setup does for
 * its test numbers (4000 0000 0000 0002 declined, …0069 expired; …9995 saves and fails only when charged),
 * through a zero-amount charge it never records. With Stripe the page's Elements flow has already
 * validated the card, so nothing more is asked of the provider here. Returns the provider's message
 * when the card is refused, else null.
 */
export async function verifyNewCard(payments: PaymentProvider, pmId: string): Promise<string | null> {
  if (payments.name !== 'sandbox') return null;
  const result = await payments.charge({
    amountCents: 0,
    paymentMethodId: pmId,
    idempotencyKey: `verify:${pmId}`,
    attemptId: `verify:${pmId}`,
    description: 'card verification',
  });
  return result.status === 'failed' && SETUP_DECLINES.has(result.code) ? result.message : null;
}
