import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { invoices } from './billing';
import { plans } from './catalogue';
import { createdAt, sameAccountReference, ts } from './columns';

/**
 * An invoice in collection (docs/billing.md, "Collecting failed payments"): its off-session charge was
 * declined, so it is retried on the schedule. `failures` counts the declined off-session charges (the
 * first one included); `next_try_at` is the next retry, null once the last one was declined and the
 * policy applied (`ended`: 'refused' or 'cancelled').
 */
export const paymentCollections = pgTable(
  'payment_collections',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id').notNull(),
    startedAt: ts('started_at').notNull(),
    failures: integer('failures').notNull(),
    nextTryAt: ts('next_try_at'),
    lastReason: text('last_reason').notNull(),
    ended: text('ended'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.invoiceId] }),
    sameAccountReference('payment_collections_invoice_fk', t.invoiceId, t.accountId, invoices).onDelete(
      'cascade',
    ),
    index('payment_collections_due_idx')
      .on(t.nextTryAt)
      .where(sql`${t.nextTryAt} is not null`),
    check('payment_collections_ended_check', sql`${t.ended} IN ('refused', 'cancelled')`),
  ],
);

/**
 * The operator's collection settings: the row 'global', and optionally one per plan (`plan_id`), whose
 * schedule and policy then apply to that plan's accounts. `retry_days`: days after the first decline.
 */
export const collectionSettings = pgTable(
  'collection_settings',
  {
    scope: text('scope').primaryKey(),
    planId: text('plan_id').references(() => plans.id),
    retryDays: integer('retry_days').array().notNull(),
    afterLast: text('after_last').notNull().default('refuse'),
    updatedAt: createdAt(),
  },
  (t) => [
    check('collection_settings_after_last_check', sql`${t.afterLast} IN ('refuse', 'cancel')`),
    check(
      'collection_settings_scope_check',
      sql`(${t.scope} = 'global' and ${t.planId} is null) or ${t.scope} = 'plan:' || ${t.planId}`,
    ),
  ],
);
