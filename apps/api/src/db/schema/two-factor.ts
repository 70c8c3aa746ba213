import { bigint, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { people } from './accounts';
import { createdAt, sameAccountReference, ts } from './columns';

/**
 * A person's authenticator secret (migration 0031), encrypted with a server secret; `enabledAt` is null
 * while enrolment waits for its first code, `lastStep` the time step of the last code accepted.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    accountId: uuid('account_id').notNull(),
    personId: uuid('person_id').notNull(),
    secret: text('secret').notNull(),
    enabledAt: ts('enabled_at'),
    lastStep: bigint('last_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'two_factor_pk', columns: [t.accountId, t.personId] }),
    // Looked up by the person alone at sign-in; the id is unique, and the key (with the account) is the primary key.
    index('two_factor_person_idx').on(t.personId),
    sameAccountReference('two_factor_person_fk', t.personId, t.accountId, people).onDelete('cascade'),
  ],
);

/** One-use recovery codes, as SHA-256 hashes; `usedAt` marks a spent one. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    accountId: uuid('account_id').notNull(),
    personId: uuid('person_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    primaryKey({ name: 'two_factor_recovery_codes_pk', columns: [t.accountId, t.personId, t.codeHash] }),
    sameAccountReference('two_factor_recovery_codes_person_fk', t.personId, t.accountId, people).onDelete(
      'cascade',
    ),
  ],
);
