import { bigserial, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts } from './accounts';

/**
 * Internal notes staff keep on an account in the operator console (migration 0032): never shown to the
 * customer. The staff member's name is kept as it was, as the staff audit trail keeps theirs.
 */
export const accountNotes = pgTable(
  'account_notes',
  {
    id: bigserial('id', { mode: 'number' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    staffPersonId: uuid('staff_person_id').notNull(),
    staffName: text('staff_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.accountId] }),
    index('account_notes_account_created_idx').on(t.accountId, t.createdAt),
  ],
);
