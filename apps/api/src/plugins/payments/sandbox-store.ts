import type {
  ChargeRequest,
  ChargeResult,
  RefundRequest,
  RefundResult,
} from '../../domain/ports/payment-provider';
import type { SandboxEvent } from './sandbox-event-objects';

/** A sandbox SetupIntent as kept: `requires_payment_method` until a confirmation saves a card. */
export interface SandboxSetupIntent {
  id: string;
  customerId: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded';
  /** The payment method saved (set once succeeded), or being authenticated (requires_action). */
  paymentMethodId: string | null;
  /** Why the last confirmation was refused (Stripe's last_setup_error). */
  failureCode: string | null;
  failureMessage: string | null;
}

/** What a refund's charge.refunded event says: the charge and Stripe's running total refunded of it. */
export interface RefundedCharge {
  amountCents: number;
  attemptId: string | null;
  refundedCents: number;
}

/** What the intent's outcome event says of a charge the bank's page answered. */
export interface AuthenticatedCharge {
  amountCents: number;
  attemptId: string;
}

/**
 * Where the sandbox keeps what Stripe would keep (charges, refunds, customers, SetupIntents, attached
 * payment methods, its webhook deliveries): the database for a server (shared by its processes), memory
 * in tests. Every write is "unless one stands already", answering the record that stands, as Stripe's
 * idempotency keys do; the events a write makes are kept with it, so they are sent once it stands.
 */
export interface SandboxChargeStore {
  /**
   * Records the charge and its events under its key unless one is there already; answers the one that
   * stands. Stripe's rule checked in the same step: a payment method attached to a Customer other than
   * the one the charge names is not charged (null, nothing recorded).
   */
  record(request: ChargeRequest, result: ChargeResult, events?: SandboxEvent[]): Promise<ChargeResult | null>;
  find(request: Pick<ChargeRequest, 'idempotencyKey' | 'attemptId'>): Promise<ChargeResult | null>;
  /** The charge (PaymentIntent) by its id. */
  findById(id: string): Promise<ChargeResult | null>;
  /**
   * The cardholder's answer on the bank's page to a charge that asked for authentication: paid, or
   * refused (Stripe's payment_intent_authentication_failure). Only a charge still waiting changes, and
   * its events (the intent's outcome) are kept with the change.
   */
  authenticateCharge(
    id: string,
    outcome: { code: string; message: string } | null,
    events?: (charge: AuthenticatedCharge) => SandboxEvent[],
  ): Promise<void>;
  /**
   * Records the refund under its key unless one is there already; answers the one that stands, and
   * whether this call made it.
   */
  recordRefund(
    request: RefundRequest,
    id: string,
    events?: (charge: RefundedCharge) => SandboxEvent[],
  ): Promise<{ result: RefundResult; made: boolean }>;
  /** Records the customer under its key unless one is there already; answers the id that stands. */
  recordCustomer(idempotencyKey: string, id: string): Promise<string>;
  /** Records the SetupIntent under its key unless one is there already; answers the one that stands. */
  recordSetupIntent(idempotencyKey: string, intent: SandboxSetupIntent): Promise<SandboxSetupIntent>;
  findSetupIntent(id: string): Promise<SandboxSetupIntent | null>;
  /** Writes a confirmation's outcome, unless the intent has succeeded already; answers the intent as it stands. */
  settleSetupIntent(
    id: string,
    outcome: Pick<SandboxSetupIntent, 'status' | 'paymentMethodId' | 'failureCode' | 'failureMessage'>,
    events?: SandboxEvent[],
  ): Promise<SandboxSetupIntent>;
  /**
   * Attaches the payment method to the customer unless it is attached already; answers its customer.
   * `authenticated`: saved with the cardholder's authentication (…3155 is then charged off-session).
   */
  attach(paymentMethodId: string, customerId: string, authenticated?: boolean): Promise<string>;
  /** Whether the payment method was saved with the cardholder's authentication. */
  savedWithAuthentication(paymentMethodId: string): Promise<boolean>;
  /** The customer a payment method is attached to, or null. */
  attachedTo(paymentMethodId: string): Promise<string | null>;
  /** The customer's invoice_settings.default_payment_method. */
  setDefault(customerId: string, paymentMethodId: string): Promise<void>;
  /** Keeps events to send (a notice the sandbox is asked to give, such as an expiring card). */
  queueEvents(events: SandboxEvent[]): Promise<void>;
  /**
   * Marks `delivered` (ids of events answered 2xx) as delivered, then takes up to `limit` events not
   * delivered, oldest first, whose time (`created`) is at least `lateMs` ago, and not in another
   * delivery: each is leased for `leaseMs`, then taken again unless marked delivered by a later call.
   * One call per batch, so that a delivery run costs one statement a batch.
   */
  claimEvents(options: {
    limit: number;
    leaseMs: number;
    lateMs: number;
    delivered: string[];
  }): Promise<SandboxEvent[]>;
}

export class MemoryChargeStore implements SandboxChargeStore {
  private readonly charges = new Map<string, ChargeResult>();
  /** Each charge's customer, by idempotency key (tests check which customer a charge named). */
  readonly chargeCustomers = new Map<string, string | null>();
  private readonly amounts = new Map<string, { amountCents: number; attemptId: string }>();
  async record(request: ChargeRequest, result: ChargeResult, events: SandboxEvent[] = []) {
    if (!this.chargeable(request)) return null;
    const previous = this.charges.get(request.idempotencyKey);
    if (previous) return previous;
    this.charges.set(request.idempotencyKey, result);
    this.chargeCustomers.set(request.idempotencyKey, request.customerId);
    this.amounts.set(result.id, { amountCents: request.amountCents, attemptId: request.attemptId });
    await this.queueEvents(events);
    return result;
  }
  async find(request: Pick<ChargeRequest, 'idempotencyKey'>) {
    return this.charges.get(request.idempotencyKey) ?? null;
  }
  async findById(id: string) {
    return [...this.charges.values()].find((c) => c.id === id) ?? null;
  }
  async authenticateCharge(
    id: string,
    outcome: { code: string; message: string } | null,
    events?: (charge: AuthenticatedCharge) => SandboxEvent[],
  ) {
    for (const [key, charge] of this.charges)
      if (charge.id === id && charge.status === 'requires_action') {
        this.charges.set(
          key,
          outcome
            ? { status: 'failed', id, ...outcome, card: charge.card }
            : { status: 'succeeded', id, card: charge.card },
        );
        if (events) await this.queueEvents(events(this.amounts.get(id)!));
      }
  }
  readonly refunds = new Map<string, RefundRequest & { id: string }>();
  async recordRefund(
    request: RefundRequest,
    id: string,
    events?: (charge: RefundedCharge) => SandboxEvent[],
  ) {
    const previous = this.refunds.get(request.idempotencyKey);
    if (!previous) {
      this.refunds.set(request.idempotencyKey, { ...request, id });
      const charge = this.amounts.get(request.chargeId);
      if (charge && events) {
        const refundedCents = [...this.refunds.values()]
          .filter((r) => r.chargeId === request.chargeId)
          .reduce((sum, r) => sum + r.amountCents, 0);
        await this.queueEvents(events({ ...charge, refundedCents }));
      }
    }
    return { result: { status: 'succeeded', id: previous?.id ?? id } as const, made: !previous };
  }
  /** How many charges succeeded (tests count what the provider saw). */
  succeeded(): number {
    return [...this.charges.values()].filter((c) => c.status === 'succeeded').length;
  }
  /** How many charges were made, whatever their outcome. */
  chargeCount(): number {
    return this.charges.size;
  }

  readonly customers = new Map<string, { id: string; defaultPaymentMethodId: string | null }>();
  async recordCustomer(idempotencyKey: string, id: string) {
    const previous = this.customers.get(idempotencyKey);
    if (previous) return previous.id;
    this.customers.set(idempotencyKey, { id, defaultPaymentMethodId: null });
    return id;
  }
  private readonly setupKeys = new Map<string, string>();
  private readonly setupIntents = new Map<string, SandboxSetupIntent>();
  async recordSetupIntent(idempotencyKey: string, intent: SandboxSetupIntent) {
    const previous = this.setupKeys.get(idempotencyKey);
    if (previous) return { ...this.setupIntents.get(previous)! };
    this.setupKeys.set(idempotencyKey, intent.id);
    this.setupIntents.set(intent.id, { ...intent });
    return { ...intent };
  }
  async findSetupIntent(id: string) {
    const intent = this.setupIntents.get(id);
    return intent ? { ...intent } : null;
  }
  async settleSetupIntent(
    id: string,
    outcome: Pick<SandboxSetupIntent, 'status' | 'paymentMethodId' | 'failureCode' | 'failureMessage'>,
    events: SandboxEvent[] = [],
  ) {
    const intent = this.setupIntents.get(id)!;
    if (intent.status !== 'succeeded') {
      Object.assign(intent, outcome);
      await this.queueEvents(events);
    }
    return { ...intent };
  }
  private readonly attachments = new Map<string, string>();
  private chargeable(request: Pick<ChargeRequest, 'paymentMethodId' | 'customerId'>) {
    const owner = this.attachments.get(request.paymentMethodId);
    return owner === undefined || owner === request.customerId;
  }
  private readonly authenticated = new Set<string>();
  async attach(paymentMethodId: string, customerId: string, authenticated = false) {
    if (!this.attachments.has(paymentMethodId)) {
      this.attachments.set(paymentMethodId, customerId);
      if (authenticated) this.authenticated.add(paymentMethodId);
    }
    return this.attachments.get(paymentMethodId)!;
  }
  async savedWithAuthentication(paymentMethodId: string) {
    return this.authenticated.has(paymentMethodId);
  }
  async attachedTo(paymentMethodId: string) {
    return this.attachments.get(paymentMethodId) ?? null;
  }
  async setDefault(customerId: string, paymentMethodId: string) {
    for (const customer of this.customers.values())
      if (customer.id === customerId) customer.defaultPaymentMethodId = paymentMethodId;
  }

  /** The events kept, in the order they were made, with when each was made and delivered. */
  readonly events: { event: SandboxEvent; at: number; leaseUntil: number; delivered: boolean }[] = [];
  async queueEvents(events: SandboxEvent[]) {
    // Due at the event's own time (a dispute comes after its charge).
    for (const event of events)
      this.events.push({ event, at: event.created * 1000, leaseUntil: 0, delivered: false });
  }
  async claimEvents(options: { limit: number; leaseMs: number; lateMs: number; delivered: string[] }) {
    for (const e of this.events) if (options.delivered.includes(e.event.id)) e.delivered = true;
    const now = Date.now();
    const due = this.events
      .filter((e) => !e.delivered && e.leaseUntil <= now && e.at <= now - options.lateMs)
      .slice(0, options.limit);
    for (const e of due) e.leaseUntil = now + options.leaseMs;
    return due.map((e) => e.event);
  }
}
