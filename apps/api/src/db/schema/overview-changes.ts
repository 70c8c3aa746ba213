import { boolean, customType, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';

/** A 64-bit transaction id (pg_current_xact_id()), read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The accounts each writing transaction touched in the tables the overview reads, written by statement
 * triggers (migration 0039); the nil account stands for what every account reads. The overview's copy
 * in each process is trusted only while no transaction its snapshot could not see is listed here.
 */
export const overviewChanges = pgTable(
  'overview_changes',
  {
    accountId: uuid('account_id').notNull(),
    xid: xid8('xid').notNull(),
  },
  (t) => [primaryKey({ name: 'overview_changes_pk', columns: [t.accountId, t.xid] })],
);

/** overview_changes below this transaction id were deleted: a copy read before it is read again. */
export const overviewChangesHorizon = pgTable('overview_changes_horizon', {
  id: boolean('id').primaryKey().default(true),
  horizon: xid8('horizon').notNull(),
});
