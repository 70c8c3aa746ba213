import { randomBytes } from 'node:crypto';
import { STRIPE_SIGNATURE_HEADER, STRIPE_WEBHOOK_PATH } from '@enq/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Stripe from 'stripe';
import { SandboxPaymentProvider } from './sandbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox's events, sent signed to this portal's own webhook (only while the sandbox is the provider). */
    sandboxEvents?: SandboxEvents;
  }
}

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

/** How a test asks for a delivery: each event twice, in reverse order, or after a delay. */
export interface DeliveryOptions {
  twice?: boolean;
  outOfOrder?: boolean;
  lateMs?: number;
  /** The signature's timestamp (seconds): an old one is refused by the webhook. */
  timestamp?: number;
}

const evtId = () => `evt_sbx_${randomBytes(12).toString('hex')}`;

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

type Post = (body: string, signature: string) => Promise<{ statusCode: number; body: string }>;

/**
 * The sandbox playing Stripe's part for events: Stripe-shaped payloads, signed with the `stripe`
 * package's own helper (generateTestHeaderString) and the portal's webhook secret, posted to the
 * portal's own webhook endpoint, so the handler Stripe's events reach is the one that runs here.
 */
export class SandboxEvents {
  constructor(
    private readonly secret: string,
    private readonly post: Post,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** An event of `type` about `object`; `created` (seconds) defaults to now. */
  event(type: string, object: Record<string, unknown>, created?: number): SandboxEvent {
    return {
      id: evtId(),
      object: 'event',
      type,
      created: created ?? Math.floor(this.now() / 1000),
      livemode: false,
      api_version: '2025-01-27.acacia',
      pending_webhooks: 1,
      data: { object },
    };
  }

  /** The body and its Stripe-Signature header, as Stripe would send them. */
  sign(event: SandboxEvent, timestamp?: number): { body: string; signature: string } {
    const body = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: this.secret,
      timestamp: timestamp ?? Math.floor(this.now() / 1000),
    });
    return { body, signature };
  }

  /** Sends the events one after the other (as asked: twice, reversed, late); answers each status. */
  async send(events: SandboxEvent[], options: DeliveryOptions = {}): Promise<number[]> {
    const ordered = options.outOfOrder ? [...events].reverse() : events;
    const deliveries = options.twice ? ordered.flatMap((e) => [e, e]) : ordered;
    if (options.lateMs) await new Promise((resolve) => setTimeout(resolve, options.lateMs));
    const statuses: number[] = [];
    for (const event of deliveries) {
      const { body, signature } = this.sign(event, options.timestamp);
      statuses.push((await this.post(body, signature)).statusCode);
    }
    return statuses;
  }
}

/** While the sandbox is the provider, its events go to this portal's own webhook, in this process. */
async function sandboxEventsPlugin(app: FastifyInstance, options: { secret: string | null }) {
  if (!(app.payments instanceof SandboxPaymentProvider) || !options.secret) return;
  app.decorate(
    'sandboxEvents',
    new SandboxEvents(options.secret, async (body, signature) => {
      const answer = await app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', [STRIPE_SIGNATURE_HEADER]: signature },
        payload: body,
      });
      return { statusCode: answer.statusCode, body: answer.body };
    }),
  );
}

export default fp(sandboxEventsPlugin, { name: 'sandbox-events', dependencies: ['payments'] });
