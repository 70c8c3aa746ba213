import type { ChargeRequest } from '../../domain/ports/payment-provider';
import { shortHash, type TestCard } from './sandbox-cards';
import { sandboxEvent, sandboxObjects, type SandboxEvent } from './sandbox-event-objects';

// The events the sandbox keeps with its own records and sends as Stripe would (sandbox.ts).

export const seconds = () => Math.floor(Date.now() / 1000);
/** The charge a sandbox PaymentIntent made (`pi_sbx_x` → `ch_sbx_x`), as Stripe names its latest_charge. */
export const chargeOf = (intentId: string) => intentId.replace(/^pi_/, 'ch_');

/** A SetupIntent that saved a card on the Customer. */
export function setupSucceededEvents(intentId: string, customerId: string, paymentMethodId: string) {
  return [
    sandboxEvent(
      'setup_intent.succeeded',
      {
        id: intentId,
        object: 'setup_intent',
        customer: customerId,
        payment_method: paymentMethodId,
        status: 'succeeded',
        usage: 'off_session',
      },
      seconds(),
    ),
  ];
}

/**
 * What Stripe sends after a charge: the PaymentIntent's outcome (waiting for the cardholder's
 * authentication, failed or succeeded); for a card its bank disputes (…0259), the dispute opened as
 * fraudulent and then closed lost, each a second after the one before. Also what Stripe sends once
 * the cardholder answered the bank's page for a charge that waited (no card's dispute then).
 */
export function chargeEvents(
  request: Pick<ChargeRequest, 'attemptId' | 'amountCents'>,
  id: string,
  card: Pick<TestCard, 'disputed'>,
  outcome: 'requires_action' | { code: string; message: string } | null,
): SandboxEvent[] {
  const now = seconds();
  const waiting = outcome === 'requires_action';
  const decline = waiting ? null : outcome;
  const intent = sandboxObjects.paymentIntent({
    id,
    attemptId: request.attemptId,
    amountCents: request.amountCents,
    status: waiting ? 'requires_action' : decline ? 'requires_payment_method' : 'succeeded',
    ...(decline ? { error: decline } : {}),
  });
  const type = waiting
    ? 'payment_intent.requires_action'
    : decline
      ? 'payment_intent.payment_failed'
      : 'payment_intent.succeeded';
  const events = [sandboxEvent(type, intent, now)];
  if (card.disputed && !waiting && !decline) {
    const dispute = (status: string) =>
      sandboxObjects.dispute({
        id: `dp_sbx_${shortHash(`dispute:${id}`)}`,
        chargeId: chargeOf(id),
        intentId: id,
        amountCents: request.amountCents,
        status,
        reason: 'fraudulent',
        created: now + 1,
      });
    events.push(
      sandboxEvent('charge.dispute.created', dispute('needs_response'), now + 1),
      sandboxEvent('charge.dispute.closed', dispute('lost'), now + 2),
    );
  }
  return events;
}
