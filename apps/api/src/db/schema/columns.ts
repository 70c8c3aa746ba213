import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers every area's tables share. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true });
// Credits are stored in hundredths (centicredits) so that every amount is an exact integer.
export const centicredits = (name: string) => bigint(name, { mode: 'number' });
