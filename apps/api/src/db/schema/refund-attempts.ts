import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { invoices } from './billing';
import { createdAt, sameAccountReference, ts } from './columns';

/**
 * A console refund as it is asked of the card provider (migration 0033): written as pending before the
 * provider is called, its provider key derived from its id, so a retry after a crash asks the provider
 * the same thing and a card is never refunded twice. It becomes succeeded in the transaction that issues
 * the credit note (`refund_id`), or failed with the provider's reason.
 */
export const refundAttempts = pgTable(
  'refund_attempts',
  {
    id: text('id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id').notNull(),
    paymentId: text('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    // The console request's Idempotency-Key: one attempt per key.
    requestKey: text('request_key').notNull(),
    // Who asked and why: the reconciliation job finishes an attempt whose request was never sent again.
    // No person nor email for the billing system's own refunds (role 'system', migration 0038).
    staffPersonId: uuid('staff_person_id'),
    staffEmail: text('staff_email'),
    staffRole: text('staff_role').notNull(),
    reason: text('reason').notNull(),
    // The provider's idempotency key: `refund:<id>`.
    providerKey: text('provider_key').notNull(),
    status: text('status').notNull().default('pending'), // 'pending' | 'succeeded' | 'failed'
    providerRefundId: text('provider_refund_id'),
    failureMessage: text('failure_message'),
    refundId: text('refund_id'),
    createdAt: createdAt(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.accountId] }),
    uniqueIndex('refund_attempts_request_key').on(t.accountId, t.requestKey),
    index('refund_attempts_invoice_idx').on(t.accountId, t.invoiceId),
    sameAccountReference('refund_attempts_invoice_fk', t.invoiceId, t.accountId, invoices),
    check('refund_attempts_status_check', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
    check('refund_attempts_amount_check', sql`${t.amountCents} > 0`),
    check(
      'refund_attempts_actor_check',
      sql`(${t.staffRole} = 'system') = (${t.staffPersonId} IS NULL) AND (${t.staffRole} = 'system') = (${t.staffEmail} IS NULL)`,
    ),
  ],
);

/** The local sandbox provider's own records of refunds, standing in for Stripe's (plugins/payments). */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  id: text('id').notNull(),
  chargeId: text('charge_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: createdAt(),
});
