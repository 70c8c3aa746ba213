import Stripe from 'stripe';
import type { ProviderEvent } from '../../domain/payment-events';

/** Stripe's own tolerance for a signature's timestamp (5 minutes), the one the webhook keeps. */
export const WEBHOOK_TOLERANCE_SECONDS = Stripe.webhooks.DEFAULT_TOLERANCE;

/** An event id as Stripe spells it: `evt_` and letters, digits and `_`. */
const EVENT_ID_PATTERN = /^evt_[A-Za-z0-9_]{1,250}$/;

/** Why an event was refused: said in the 400's message. */
export class WebhookSignatureError extends Error {}

/**
 * The decoder the `stripe` package itself reads a Buffer body with (TextDecoder, utf-8): the text decoded
 * here once is the text its check signs and parses, and the one the portal keeps.
 */
const UTF8 = new TextDecoder('utf8');

/**
 * Checks the `Stripe-Signature` header over the raw body with the `stripe` package's own check
 * (constructEvent: the HMAC, and a timestamp within Stripe's tolerance) and answers the event with the
 * body's text, to be kept as it came. The body is decoded once and the text given to constructEvent:
 * given the Buffer, it decodes it twice (for the HMAC, then for JSON.parse), and the caller a third time.
 */
export function verifyStripeEvent(
  rawBody: Buffer,
  signature: string | string[] | undefined,
  secret: string | null,
): { event: ProviderEvent; body: string } {
  if (!secret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set; no event is accepted.');
  if (typeof signature !== 'string' || !signature)
    throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  const body = UTF8.decode(rawBody);
  let event: { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } };
  try {
    event = Stripe.webhooks.constructEvent(body, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError || error instanceof SyntaxError)
      throw new WebhookSignatureError(`The event's signature does not verify: ${error.message}`);
    throw error;
  }
  const object = event.data?.object;
  if (
    typeof event.id !== 'string' ||
    // Stripe's spelling of an event id: another one (spaces, an encoding, a zero-width character) is
    // refused, never kept as a second event.
    !EVENT_ID_PATTERN.test(event.id) ||
    typeof event.type !== 'string' ||
    typeof event.created !== 'number' ||
    !object ||
    typeof object !== 'object'
  )
    throw new WebhookSignatureError('The event is not a Stripe event (id, type, created, data.object).');
  return { event: event as unknown as ProviderEvent, body };
}
