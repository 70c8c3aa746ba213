import { STRIPE_SIGNATURE_HEADER, STRIPE_WEBHOOK_PATH } from '@enq/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Stripe from 'stripe';
import { SandboxPaymentProvider } from './sandbox';
import { sandboxEvent, type SandboxEvent } from './sandbox-event-objects';
import type { SandboxChargeStore } from './sandbox-store';

export { sandboxEvent, sandboxObjects, type SandboxEvent } from './sandbox-event-objects';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox's events, sent signed to this portal's own webhook (only while the sandbox is the provider). */
    sandboxEvents?: SandboxEvents;
  }
}

/**
 * How events are delivered when asked (a test sets `SandboxEvents.delivery`, or passes them to `send`):
 * each event twice, a batch in reverse order, or only once it is `lateMs` old. Stripe does each of these
 * now and then, and the handler must change the ledger once whatever comes.
 */
export interface DeliveryOptions {
  twice?: boolean;
  outOfOrder?: boolean;
  lateMs?: number;
  /** The signature's timestamp (seconds): an old one is refused by the webhook. */
  timestamp?: number;
}

type Post = (body: string, signature: string) => Promise<{ statusCode: number; body: string }>;

/**
 * Stripe sends an event moments after the answer of the request that made it, never within it: the
 * sandbox waits as long before it sends, so the events of requests answered together go out in one
 * batch (one claim of the store for them all, not one each).
 */
const SEND_AFTER_MS = 50;
/** A delivery in flight is left to its process this long; unanswered, it is sent again after. */
const LEASE_MS = 30_000;
const BATCH = 50;

/**
 * The sandbox playing Stripe's part for events: Stripe-shaped payloads, signed with the `stripe`
 * package's own helper (generateTestHeaderString) and the portal's webhook secret, posted to the
 * portal's own webhook endpoint, so the handler Stripe's events reach is the one that runs here. The
 * sandbox's own charges, refunds and saved cards keep their events in its store (`sandbox_events`);
 * `deliverDue` sends what is due, and sends again what was not answered 2xx, as Stripe retries.
 */
export class SandboxEvents {
  /** How the sandbox's own events are delivered (a test's hook: twice, out of order, late). */
  delivery: Omit<DeliveryOptions, 'timestamp'> = {};
  private running: Promise<number> | null = null;
  private again = false;

  constructor(
    private readonly secret: string,
    private readonly post: Post,
    private readonly store: SandboxChargeStore | null = null,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** An event of `type` about `object`; `created` (seconds) defaults to now. */
  event(type: string, object: Record<string, unknown>, created?: number): SandboxEvent {
    return sandboxEvent(type, object, created ?? Math.floor(this.now() / 1000));
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

  /**
   * Sends the sandbox's kept events that are due, oldest first (or as `delivery` asks), until none is
   * left; an event answered 2xx is marked delivered, any other waits for its lease to end and is sent
   * again. One run at a time in a process; a call during a run makes it look once more. Answers how
   * many events were delivered.
   */
  deliverDue(): Promise<number> {
    if (!this.store) return Promise.resolve(0);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async (store: SandboxChargeStore) => {
      let delivered = 0;
      let answered: string[] = [];
      do {
        this.again = false;
        for (;;) {
          // Marks the batch before as delivered in the statement that claims the next.
          const batch = await store.claimEvents({
            limit: BATCH,
            leaseMs: LEASE_MS,
            lateMs: this.delivery.lateMs ?? 0,
            delivered: answered,
          });
          delivered += answered.length;
          answered = [];
          if (!batch.length) break;
          const ordered = this.delivery.outOfOrder ? [...batch].reverse() : batch;
          for (const event of ordered) {
            const statuses = await this.send([event], { twice: this.delivery.twice });
            if (statuses.every((status) => status >= 200 && status < 300)) answered.push(event.id);
          }
        }
      } while (this.again);
      return delivered;
    };
    this.running = run(this.store).finally(() => (this.running = null));
    return this.running;
  }
}

/**
 * While the sandbox is the provider, its events go to this portal's own webhook, in this process: after
 * the answer of a request that made them (never holding it up), and every JOB_POLL_SECONDS for those a
 * job made, those made late on purpose and those a process that died left unsent. With `hold`
 * (SANDBOX_EVENTS=hold) none is sent by itself: they stay kept, and only `deliverDue` or `send` sends.
 */
async function sandboxEventsPlugin(app: FastifyInstance, options: { secret: string | null; hold?: boolean }) {
  const provider = app.payments;
  if (!(provider instanceof SandboxPaymentProvider) || !options.secret) return;
  const events = new SandboxEvents(
    options.secret,
    async (body, signature) => {
      const answer = await app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', [STRIPE_SIGNATURE_HEADER]: signature },
        payload: body,
      });
      return { statusCode: answer.statusCode, body: answer.body };
    },
    provider.store,
  );
  app.decorate('sandboxEvents', events);
  if (options.hold) return;
  let closing = false;
  let waiting = false;
  let scheduled = false;
  const deliver = () => {
    if (closing || scheduled) return;
    scheduled = true;
    waiting = false;
    app.afterAnswer.run('sandbox events', async () => {
      await new Promise((resolve) => setTimeout(resolve, SEND_AFTER_MS));
      scheduled = false;
      await events.deliverDue();
    });
  };
  provider.onEvents = () => {
    waiting = true;
  };
  app.addHook('onResponse', async () => {
    if (waiting) deliver();
  });
  const timer = app.jobQueue ? setInterval(deliver, app.config.jobs.pollSeconds * 1000) : null;
  timer?.unref();
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    provider.onEvents = null;
  });
}

export default fp(sandboxEventsPlugin, {
  name: 'sandbox-events',
  dependencies: ['payments', 'after-answer', 'jobs'],
});
