import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, sameAccountReference, ts } from './columns';
import { people } from './accounts';

/** Opaque API tokens handed out by the session exchange; only their SHA-256 is stored. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    tokenHash: text('token_hash').notNull(),
    personId: uuid('person_id').notNull(),
    accountId: uuid('account_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    // The embedded provider's device id from the ID token, when it sent one (for POST /new-device).
    deviceId: text('device_id'),
    // Issued after a second factor (migration 0031): the operator console requires it of staff.
    secondFactor: boolean('second_factor').notNull().default(false),
    createdAt: createdAt(),
    // View as customer (0035): a short-lived token that only reads, issued to this staff member.
    readOnly: boolean('read_only').notNull().default(false),
    issuedToStaff: uuid('issued_to_staff'),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.accountId] }),
    index('api_tokens_issued_to_staff_idx')
      .on(t.issuedToStaff)
      .where(sql`${t.issuedToStaff} is not null`),
    index('api_tokens_person_idx').on(t.personId),
    sameAccountReference('api_tokens_person_fk', t.personId, t.accountId, people).onDelete('cascade'),
  ],
);

/** ID tokens already exchanged for an API token (their verifier's replay key), kept until they expire. */
export const consumedIdTokens = pgTable(
  'consumed_id_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('consumed_id_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Failed sign-ins counted per key ('ip:…', 'account:…', 'pair:…'; emails only as hashes), for the
 * growing delay; a row is forgotten after a quiet period.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: ts('last_failure_at').notNull(),
  },
  (t) => [index('sign_in_failures_last_idx').on(t.lastFailureAt)],
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
    expiresAt: ts('expires_at'),
    consumedAt: ts('consumed_at'),
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

/** Single-use password reset links; only the SHA-256 of the token is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').notNull(),
    personId: uuid('person_id').notNull(),
    accountId: uuid('account_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.accountId] }),
    index('password_resets_person_idx').on(t.personId),
    sameAccountReference('password_resets_person_fk', t.personId, t.accountId, people).onDelete('cascade'),
  ],
);

/**
 * Changes of sign-in email waiting for the link sent to the new address (issue 22); only the SHA-256
 * of the link's token is stored, and the email changes when it is opened.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').notNull(),
    personId: uuid('person_id').notNull(),
    accountId: uuid('account_id').notNull(),
    newEmail: text('new_email').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenHash, t.accountId] }),
    index('email_changes_person_idx').on(t.personId),
    sameAccountReference('email_changes_person_fk', t.personId, t.accountId, people).onDelete('cascade'),
  ],
);

/** Devices each identity has signed in from (a long-lived cookie id set by the embedded provider). */
export const knownDevices = pgTable(
  'known_devices',
  {
    personId: uuid('person_id').notNull(),
    accountId: uuid('account_id').notNull(),
    deviceId: text('device_id').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    notifiedAt: ts('notified_at'),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.deviceId, t.accountId] }),
    sameAccountReference('known_devices_person_fk', t.personId, t.accountId, people).onDelete('cascade'),
  ],
);
