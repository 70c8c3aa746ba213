import { bigint, foreignKey, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Column helpers every area's tables share. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true });
// Credits are stored in hundredths (centicredits) so that every amount is an exact integer.
export const centicredits = (name: string) => bigint(name, { mode: 'number' });

/**
 * A foreign key over (column, account_id) onto the target's (id, account_id): a row can only point at
 * a row of its own account.
 */
export const sameAccountReference = (
  name: string,
  column: AnyPgColumn,
  accountId: AnyPgColumn,
  target: { id: AnyPgColumn; accountId: AnyPgColumn },
) => foreignKey({ name, columns: [column, accountId], foreignColumns: [target.id, target.accountId] });
