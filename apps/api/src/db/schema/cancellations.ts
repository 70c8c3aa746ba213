import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, ts } from './columns';
import { accounts } from './accounts';
import { plans } from './catalogue';

/**
 * Why a customer cancelled, or left the cancel flow for the alternative it offered (migration 0041,
 * issue 64): one row a flow that ended. A cancellation's row carries its period's end, the reminder
 * email's "Keep this plan" link (its SHA-256 only) and when the link was used.
 */
export const cancellations = pgTable(
  'cancellations',
  {
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    personId: uuid('person_id'),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    reason: text('reason').notNull(),
    words: text('words'),
    // 'cancelled', or the alternative taken: 'plan_change' | 'pause' | 'feature_request'.
    outcome: text('outcome').notNull(),
    periodEnd: ts('period_end'),
    keepTokenHash: text('keep_token_hash'),
    reminderQueuedAt: ts('reminder_queued_at'),
    keptAt: ts('kept_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check(
      'cancellations_reason_check',
      sql`${t.reason} in ('too_expensive', 'seasonal', 'missing_feature', 'switching', 'not_using', 'other')`,
    ),
    check(
      'cancellations_outcome_check',
      sql`${t.outcome} in ('cancelled', 'plan_change', 'pause', 'feature_request')`,
    ),
    index('cancellations_created_idx').on(t.createdAt),
    uniqueIndex('cancellations_keep_token_idx').on(t.accountId, t.keepTokenHash),
    index('cancellations_reminder_due_idx')
      .on(t.periodEnd)
      .where(sql`outcome = 'cancelled' and reminder_queued_at is null`),
  ],
);
