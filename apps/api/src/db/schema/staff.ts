import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Every operator-console action, append-only (migration 0030): who did it (as they were then), what,
 * on which account, why, and its answer, which a retry with the same idempotency key gets back.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    // Null for the billing system's own actions (role 'system', migration 0038).
    staffPersonId: uuid('staff_person_id'),
    staffEmail: text('staff_email'),
    staffRole: text('staff_role').notNull(),
    action: text('action').notNull(),
    accountId: uuid('account_id'),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key'),
    request: jsonb('request').notNull().default({}),
    result: jsonb('result').notNull().default({}),
  },
  (t) => [
    uniqueIndex('staff_audit_action_key')
      .on(t.action, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('staff_audit_account_at_idx').on(t.accountId, t.at),
    index('staff_audit_at_idx').on(t.at, t.id),
    check(
      'staff_audit_actor_check',
      sql`(${t.staffRole} = 'system') = (${t.staffPersonId} IS NULL) AND (${t.staffRole} = 'system') = (${t.staffEmail} IS NULL)`,
    ),
  ],
);

/**
 * A console charge retry's Idempotency-Key, claimed before the card provider is called (migration 0038,
 * CMON-07): a twin request waits for the first one's answer; a claim two minutes old is taken over.
 */
export const staffActionClaims = pgTable(
  'staff_action_claims',
  {
    action: text('action').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    claimedAt: ts('claimed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'staff_action_claims_pk', columns: [t.action, t.idempotencyKey] })],
);
