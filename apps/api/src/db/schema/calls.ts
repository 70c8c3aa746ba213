import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { centicredits, sameAccountReference, ts } from './columns';
import { accounts, people } from './accounts';
import { billingPeriods } from './billing';

export const calls = pgTable(
  'calls',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    callUuid: text('call_uuid').notNull(),
    personId: uuid('person_id'),
    userName: text('user_name').notNull(),
    callTimestamp: ts('call_timestamp').notNull(),
    destination: text('destination').notNull(),
    callerIdNumber: text('caller_id_number').notNull(),
    billedSeconds: integer('billed_seconds').notNull(),
    billingRate: centicredits('billing_rate').notNull(),
    creditsUsed: centicredits('credits_used').notNull(),
    // How this call's credits were drawn (they add up to credits_used); the ledger holds the same per batch.
    planCredits: centicredits('plan_credits').notNull().default(0),
    rolloverCredits: centicredits('rollover_credits').notNull().default(0),
    bonusCredits: centicredits('bonus_credits').notNull().default(0),
    overageCredits: centicredits('overage_credits').notNull().default(0),
    unbilledCredits: centicredits('unbilled_credits').notNull().default(0),
    periodId: uuid('period_id'),
    // The order calls are booked in (an account's under its subscription's lock): an invoice bills its
    // period's calls up to its calls_through (0024).
    billedSeq: bigint('billed_seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('calls_billed_seq')`),
  },
  (t) => [
    // call_uuid leads: the ingest finds duplicates by call_uuid alone, with the key's own index.
    primaryKey({ columns: [t.callUuid, t.accountId] }),
    index('calls_account_time_idx').on(t.accountId, t.callTimestamp, t.callUuid),
    // The subscription summary counts the open period's calls.
    index('calls_account_period_idx').on(t.accountId, t.periodId),
    // Deleting a user keeps their calls: migration 0010 writes this as SET NULL ("person_id"), so the
    // account column stays (Drizzle cannot say which columns a SET NULL clears).
    sameAccountReference('calls_person_fk', t.personId, t.accountId, people).onDelete('set null'),
    sameAccountReference('calls_period_fk', t.periodId, t.accountId, billingPeriods),
  ],
);

/**
 * Calls per account per UTC day (day = unix seconds / 86400), kept by statement triggers on `calls`
 * (migration 0004): call-history pages find total_pages and the keyset start of a deep page from it
 * instead of count(*) and OFFSET over the whole range.
 */
export const callDayCounts = pgTable(
  'call_day_counts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    calls: integer('calls').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
