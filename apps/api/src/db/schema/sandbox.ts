import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';

// The local sandbox provider's own records, standing in for Stripe's (plugins/payments/sandbox.ts). They
// are the provider's, not the portal's: written outside the portal's transactions, as a call to Stripe
// is, so every process on the database sees one customer, one SetupIntent and one charge per key.

/** Charges (PaymentIntents), one per idempotency key. */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    id: text('id').notNull(),
    attemptId: text('attempt_id'),
    paymentMethodId: text('payment_method_id').notNull(),
    /** The Customer the charge named (null for a charge of a payment method never attached). */
    customerId: text('customer_id'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    cardBrand: text('card_brand').notNull(),
    cardLast4: text('card_last4').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_charges_attempt_idx').on(t.attemptId)],
);

/** Customers, one per idempotency key (the portal's key is derived from the account id). */
export const sandboxCustomers = pgTable('sandbox_customers', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  id: text('id').notNull().unique(),
  /** invoice_settings.default_payment_method, as Stripe keeps it. */
  defaultPaymentMethodId: text('default_payment_method_id'),
  createdAt: createdAt(),
});

/** SetupIntents: made once per idempotency key, confirmed with a payment method. */
export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  customerId: text('customer_id').notNull(),
  // requires_payment_method | requires_action (the card asks for authentication) | succeeded
  status: text('status').notNull(),
  /** The payment method the intent saved: a copy of a named test method (`pm_card_visa`), else the one given. */
  paymentMethodId: text('payment_method_id'),
  failureCode: text('failure_code'),
  failureMessage: text('failure_message'),
  createdAt: createdAt(),
});

/** Payment methods attached to a customer: a payment method belongs to one customer, for good. */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  /** Saved with the cardholder's authentication: a card like …3155 is then charged off-session without it. */
  savedWithAuthentication: boolean('saved_with_authentication').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * The sandbox's webhook deliveries (migration 0047), as Stripe queues its own: written with the record
 * they are about, sent to the portal's webhook after the answer, sent again until it answers 2xx.
 */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull().unique(), // evt_sbx_…
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    /** A delivery in flight until then: another process leaves it alone. */
    leaseUntil: ts('lease_until'),
    deliveredAt: ts('delivered_at'),
    deliveries: integer('deliveries').notNull().default(0),
  },
  (t) => [
    index('sandbox_events_due_idx')
      .on(t.seq)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
