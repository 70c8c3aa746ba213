import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, sameAccountReference, ts } from './columns';
import { accounts, people } from './accounts';
import { plans } from './catalogue';

/** Who changed what on an account, with the values before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    actorPersonId: uuid('actor_person_id'),
    action: text('action').notNull(),
    targetPersonId: uuid('target_person_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.accountId] }),
    index('audit_log_account_at_idx').on(t.accountId, t.at),
    // The Activity view's pages, newest first (rows of one transaction share their time), and its
    // person filter: changes a person made, and changes about them (0027).
    index('audit_log_account_at_id_idx').on(t.accountId, t.at, t.id),
    index('audit_log_account_actor_idx').on(t.accountId, t.actorPersonId, t.at),
    index('audit_log_account_target_idx').on(t.accountId, t.targetPersonId, t.at),
  ],
);

/** Whether an account's admin asked for the monthly usage report (REPORT-01); no row is no. */
export const monthlyReportSettings = pgTable('monthly_report_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The monthly reports written, one per closed period (REPORT-03): the key makes a second close of the
 * same period, or two processes closing at once, write no second email.
 */
export const monthlyReports = pgTable(
  'monthly_reports',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    periodId: uuid('period_id').notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.periodId] })],
);

/** Every email the product sends; delivered by SMTP when configured, otherwise kept here to read. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id'),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    error: text('error'),
    // The outbox is the mail queue: 'queued' | 'sending' | 'sent' | 'failed'.
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    leaseUntil: ts('lease_until'),
    // What to attach, rendered when sent: {kind: 'invoice_pdf', account_id, invoice_id} (domain/mail).
    attachment: jsonb('attachment'),
  },
  (t) => [
    index('outbox_to_idx').on(t.to, t.createdAt),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
  ],
);

/**
 * Notices on the overview: for every account (account_id and plan_id null), the accounts on one plan
 * (plan_id) or one account (account_id); live from starts_at (the publish time) until ends_at or
 * withdrawn_at (0035).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    linkText: text('link_text'),
    dismissible: boolean('dismissible').notNull().default(true),
    priority: integer('priority').notNull().default(0),
    startsAt: ts('starts_at').notNull().defaultNow(),
    endsAt: ts('ends_at'),
    createdAt: createdAt(),
    planId: text('plan_id').references(() => plans.id),
    withdrawnAt: ts('withdrawn_at'),
    withdrawReason: text('withdraw_reason'),
    // The staff member who published it; null for notices written before the console.
    createdBy: uuid('created_by'),
  },
  (t) => [
    index('notifications_account_idx').on(t.accountId),
    index('notifications_plan_idx')
      .on(t.planId)
      .where(sql`${t.planId} is not null`),
    check('notifications_one_audience_check', sql`${t.accountId} is null or ${t.planId} is null`),
  ],
);

/** Which notices a person dismissed: a notification id, or 'sub_account' for the sub-account notice. */
export const notificationDismissals = pgTable(
  'notification_dismissals',
  {
    personId: uuid('person_id').notNull(),
    accountId: uuid('account_id').notNull(),
    notificationKey: text('notification_key').notNull(),
    dismissedAt: ts('dismissed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.notificationKey, t.accountId] }),
    sameAccountReference('notification_dismissals_person_fk', t.personId, t.accountId, people).onDelete(
      'cascade',
    ),
  ],
);

/** Requests sent through the local feature-request form. */
export const featureRequests = pgTable(
  'feature_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    title: text('title').notNull(),
    details: text('details').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feature_requests_created_idx').on(t.createdAt)],
);

/** Site-form tokens already spent (SHA-256), kept until they expire: a token sends one form. */
export const spentFormTokens = pgTable(
  'spent_form_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('spent_form_tokens_expires_idx').on(t.expiresAt)],
);
