import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { invoices, payments } from './billing';
import { createdAt, sameAccountReference, ts } from './columns';

/**
 * The card provider's events, each kept once by its id (migration 0042), in the transaction that
 * applies it: a second delivery of one event finds its row and changes nothing.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: text('id').primaryKey(), // Stripe's event id (evt_…)
    type: text('type').notNull(),
    // The object the event is about (pi_…, ch_…, dp_…, pm_…/card_…): a late event is told from a newer one.
    objectId: text('object_id'),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    created: ts('created').notNull(), // the provider's time of the event
    payload: jsonb('payload').notNull(),
    // What applying it did: 'applied', 'ignored' (an unknown type), 'unmatched' (no row of ours), 'stale'.
    outcome: text('outcome').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [index('provider_events_object_idx').on(t.objectId, t.type, t.created)],
);

/** A dispute of an invoice's charge (charge.dispute.*); a final status (won, lost) is never reopened. */
export const invoiceDisputes = pgTable(
  'invoice_disputes',
  {
    id: text('id').notNull(), // the provider's dispute id (dp_…)
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id').notNull(),
    paymentId: text('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    createdAt: createdAt(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    primaryKey({ name: 'invoice_disputes_pk', columns: [t.id, t.accountId] }),
    index('invoice_disputes_invoice_idx').on(t.accountId, t.invoiceId),
    sameAccountReference('invoice_disputes_invoice_fk', t.invoiceId, t.accountId, invoices),
  ],
);

/**
 * A dispute the bank decided against us (migration 0047): the disputed amount taken back from the
 * invoice's payment, recorded once per dispute beside its credit notes (docs/billing.md, "Payments").
 */
export const disputeLosses = pgTable(
  'dispute_losses',
  {
    disputeId: text('dispute_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id').notNull(),
    paymentId: text('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    lostAt: ts('lost_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'dispute_losses_pk', columns: [t.disputeId, t.accountId] }),
    check('dispute_losses_amount_check', sql`${t.amountCents} > 0`),
    index('dispute_losses_invoice_idx').on(t.accountId, t.invoiceId),
    sameAccountReference('dispute_losses_invoice_fk', t.invoiceId, t.accountId, invoices),
    sameAccountReference('dispute_losses_payment_fk', t.paymentId, t.accountId, payments),
  ],
);
