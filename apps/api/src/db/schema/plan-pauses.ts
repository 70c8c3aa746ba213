import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { centicredits, createdAt, ts } from './columns';
import { plans } from './catalogue';

/**
 * A monthly plan's pause (docs/billing.md, "Pausing a plan"): asked for during a period, it starts at
 * that period's end and lasts until `resume_at` (or an earlier paid resume). While it is `paused` the
 * subscription is too (subscriptions.status), and the carry its last period handed on waits here,
 * unaged, for the period the resume opens.
 */
export const planPauses = pgTable(
  'plan_pauses',
  {
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // The plan the account resumes on (the scheduled change, if there was one when the pause began).
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    startsAt: ts('starts_at').notNull(),
    resumeAt: ts('resume_at').notNull(),
    status: text('status').notNull().default('scheduled'), // 'scheduled' | 'paused' | 'resumed' | 'withdrawn'
    resumedAt: ts('resumed_at'),
    // The carry of the period that ended when the pause began, held until the resume (set at its settle).
    carryRolloverCc: centicredits('carry_rollover_cc'),
    carryBonusCc: centicredits('carry_bonus_cc'),
    // The last resume whose charge was declined: the card's reason, shown until a resume is paid.
    declineMessage: text('decline_message'),
    declinedAt: ts('declined_at'),
    // The reminder emailed seven days before the resume (once).
    remindedAt: ts('reminded_at'),
    // Who asked: the account's person, or staff on the customer's behalf with a reason.
    requestedBy: uuid('requested_by'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.accountId] }),
    // One pause at a time is scheduled or under way.
    uniqueIndex('plan_pauses_one_open')
      .on(t.accountId)
      .where(sql`${t.status} in ('scheduled', 'paused')`),
    // The job's list: pauses whose resume date has come.
    index('plan_pauses_due_idx')
      .on(t.resumeAt)
      .where(sql`${t.status} = 'paused'`),
    check('plan_pauses_status_check', sql`${t.status} IN ('scheduled', 'paused', 'resumed', 'withdrawn')`),
  ],
);
