import { randomBytes } from 'node:crypto';

/** A Stripe-shaped event (stripe.com/docs/api/events/object), as the sandbox sends it. */
export interface SandboxEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  pending_webhooks: number;
  data: { object: Record<string, unknown> };
}

const evtId = () => `evt_sbx_${randomBytes(12).toString('hex')}`;

/** An event of `type` about `object`, as Stripe's API version 2025-01-27 shapes it; `created` in seconds. */
export const sandboxEvent = (
  type: string,
  object: Record<string, unknown>,
  created: number,
): SandboxEvent => ({
  id: evtId(),
  object: 'event',
  type,
  created,
  livemode: false,
  api_version: '2025-01-27.acacia',
  pending_webhooks: 1,
  data: { object },
});

/** The Stripe objects the sandbox's events carry, with the fields the portal and Stripe's docs name. */
export const sandboxObjects = {
  paymentIntent(p: {
    id: string;
    attemptId: string;
    amountCents: number;
    status: 'succeeded' | 'requires_payment_method' | 'requires_action';
    error?: { code: string; declineCode?: string; message: string };
  }) {
    return {
      id: p.id,
      object: 'payment_intent',
      amount: p.amountCents,
      currency: 'usd',
      status: p.status,
      metadata: { attempt_id: p.attemptId },
      last_payment_error: p.error
        ? {
            type: 'card_error',
            code: p.error.code,
            decline_code: p.error.declineCode ?? p.error.code,
            message: p.error.message,
          }
        : null,
    };
  },
  charge(p: { id: string; intentId: string; attemptId: string; amountCents: number; refundedCents: number }) {
    return {
      id: p.id,
      object: 'charge',
      amount: p.amountCents,
      amount_refunded: p.refundedCents,
      refunded: p.refundedCents >= p.amountCents,
      currency: 'usd',
      payment_intent: p.intentId,
      metadata: { attempt_id: p.attemptId },
    };
  },
  dispute(p: {
    id: string;
    chargeId: string;
    intentId: string;
    amountCents: number;
    status: string;
    reason?: string;
    created: number;
  }) {
    return {
      id: p.id,
      object: 'dispute',
      amount: p.amountCents,
      currency: 'usd',
      charge: p.chargeId,
      payment_intent: p.intentId,
      reason: p.reason ?? 'fraudulent',
      status: p.status,
      created: p.created,
    };
  },
  paymentMethod(p: { id: string; brand: string; last4: string; expMonth: number; expYear: number }) {
    return {
      id: p.id,
      object: 'payment_method',
      type: 'card',
      card: { brand: p.brand, last4: p.last4, exp_month: p.expMonth, exp_year: p.expYear },
    };
  },
  card(p: { id: string; brand: string; last4: string; expMonth: number; expYear: number }) {
    return {
      id: p.id,
      object: 'card',
      brand: p.brand,
      last4: p.last4,
      exp_month: p.expMonth,
      exp_year: p.expYear,
    };
  },
};
