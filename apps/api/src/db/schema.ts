import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  // active | suspended | closed: set by the operator; 'suspended' and 'closed' raise the inactive banner.
  status: text('status').notNull().default('active'),
  createdAt: createdAt(),
});

/**
 * Everyone who has a PIN or signs in: the account holder (admin), sub-account users, and staff
 * identities (no account). Only people with a password hash can sign in to the embedded provider.
 */
export const people = pgTable(
  'people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    pin: text('pin'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    // The identity provider's `sub` for this person (the embedded provider uses the person's id).
    identitySubject: text('identity_subject'),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('people_account_email_key').on(t.accountId, sql`lower(${t.email})`),
    uniqueIndex('people_pin_key').on(t.pin),
    uniqueIndex('people_identity_subject_key').on(t.identitySubject),
    uniqueIndex('people_sign_in_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.passwordHash} is not null`),
    uniqueIndex('people_one_admin_per_account')
      .on(t.accountId)
      .where(sql`${t.isAdmin}`),
  ],
);

/** Opaque API tokens handed out by the session exchange; only their SHA-256 is stored. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_person_idx').on(t.personId)],
);

/** oidc-provider's models (sessions, grants, codes, interactions...), one row per stored object. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('oidc_payloads_pkey_idx').on(t.model, t.id),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Secrets generated once and kept: the provider's signing keys and cookie keys. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});
