import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sameAccountReference, ts } from './columns';
import { accounts, people } from './accounts';
import { billingPeriods } from './billing';

// Spend alerts, the spending cap and per-user limits (migration 0025; its trigger gives every new
// account the 80% and 100% alerts, which Drizzle cannot describe).

/**
 * An alert threshold: 'plan_percent' (percent of plan + rollover + bonus), 'overage_cents', or
 * 'forecast_overage_cents' (the overage projected at the period's end, migration 0029).
 */
export const spendThresholds = pgTable(
  'spend_thresholds',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'spend_thresholds_pk', columns: [t.accountId, t.kind, t.amount] }),
    check(
      'spend_thresholds_kind_check',
      sql`${t.kind} in ('plan_percent', 'overage_cents', 'forecast_overage_cents')`,
    ),
    check('spend_thresholds_amount_check', sql`${t.amount} > 0`),
  ],
);

/** The most overage a period may reach (cents); no row, no cap. */
export const spendingCaps = pgTable(
  'spending_caps',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    capCents: bigint('cap_cents', { mode: 'number' }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('spending_caps_cap_check', sql`${t.capCents} > 0`)],
);

/** A threshold (or kind 'cap') crossed in a period: at most one row, so one email, per period. */
export const spendAlertFirings = pgTable(
  'spend_alert_firings',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    periodId: uuid('period_id').notNull(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    firedAt: ts('fired_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'spend_alert_firings_pk', columns: [t.accountId, t.periodId, t.kind, t.amount] }),
    sameAccountReference('spend_alert_firings_period_fk', t.periodId, t.accountId, billingPeriods).onDelete(
      'cascade',
    ),
  ],
);

/** A sub-account user's most credits per period (centicredits); no row, no limit. */
export const userCreditLimits = pgTable(
  'user_credit_limits',
  {
    accountId: uuid('account_id').notNull(),
    personId: uuid('person_id').notNull(),
    limitCc: bigint('limit_cc', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_credit_limits_pk', columns: [t.accountId, t.personId] }),
    sameAccountReference('user_credit_limits_person_fk', t.personId, t.accountId, people).onDelete('cascade'),
    check('user_credit_limits_limit_check', sql`${t.limitCc} > 0`),
  ],
);

/**
 * Credits each person used in each period, kept by migration 0025's statement trigger on `calls`:
 * authorize reads a user's use against their limit in one row.
 */
export const userPeriodUsage = pgTable(
  'user_period_usage',
  {
    accountId: uuid('account_id').notNull(),
    periodId: uuid('period_id').notNull(),
    personId: uuid('person_id').notNull(),
    creditsCc: bigint('credits_cc', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_period_usage_pk', columns: [t.accountId, t.periodId, t.personId] }),
    sameAccountReference('user_period_usage_period_fk', t.periodId, t.accountId, billingPeriods).onDelete(
      'cascade',
    ),
  ],
);

/** A user's limit reached in a period (migration 0036): its email goes once per period and limit. */
export const userLimitFirings = pgTable(
  'user_limit_firings',
  {
    accountId: uuid('account_id').notNull(),
    periodId: uuid('period_id').notNull(),
    personId: uuid('person_id').notNull(),
    limitCc: bigint('limit_cc', { mode: 'number' }).notNull(),
    firedAt: ts('fired_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_limit_firings_pk', columns: [t.accountId, t.periodId, t.personId, t.limitCc] }),
    sameAccountReference('user_limit_firings_period_fk', t.periodId, t.accountId, billingPeriods).onDelete(
      'cascade',
    ),
  ],
);
