import { boolean, customType, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';

/** A 64-bit transaction id (pg_current_xact_id()), read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The accounts each writing transaction touched in the tables the kept answers (the overview, the
 * billing page) read, written by statement triggers (migration 0039); the nil account stands for what
 * every account reads. A process answers from its copy only while no transaction the copy's snapshot
 * could not see is listed here for the account (domain/account-changes).
 */
export const accountChanges = pgTable(
  'account_changes',
  {
    accountId: uuid('account_id').notNull(),
    xid: xid8('xid').notNull(),
  },
  (t) => [primaryKey({ name: 'account_changes_pk', columns: [t.accountId, t.xid] })],
);

/** account_changes below this transaction id were deleted: a copy read before it is read again. */
export const accountChangesHorizon = pgTable('account_changes_horizon', {
  id: boolean('id').primaryKey().default(true),
  horizon: xid8('horizon').notNull(),
});
