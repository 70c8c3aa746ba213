import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { accounts } from './accounts';

export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').notNull().defaultRandom(),
    referrerAccountId: uuid('referrer_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    referredEmail: text('referred_email'),
    referredAccountId: uuid('referred_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    bonusGrantedAt: ts('bonus_granted_at'),
    createdAt: createdAt(),
  },
  // Sharded by the referrer; the referred account is another account (a plain column under Citus).
  (t) => [
    primaryKey({ columns: [t.id, t.referrerAccountId] }),
    index('referrals_referrer_idx').on(t.referrerAccountId),
  ],
);

/**
 * Each account's referral code, made on first visit to the referral page. Keyed by account, and its code
 * is unique service-wide: the sign-up page finds the referring account from the code alone.
 */
export const referralCodes = pgTable('referral_codes', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Sign-ups waiting for the link emailed to their address (issue 22): the form answers alike for a known
 * and an unknown email, and the account is made only when the link is opened. Only the token's SHA-256
 * is kept; a row goes when its link is used, replaced by a newer one, or past its time.
 */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    company: text('company').notNull(),
    passwordHash: text('password_hash').notNull(),
    planId: text('plan_id').notNull(),
    ref: text('ref').notNull().default(''),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_signups_email_idx').on(sql`lower(${t.email})`),
    index('pending_signups_expires_idx').on(t.expiresAt),
  ],
);
