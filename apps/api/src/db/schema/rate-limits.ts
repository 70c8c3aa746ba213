import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Rate-limit counts every portal process shares: one row per route and client, for one window. Not
 * account-owned (a key is a route and a client address), so it is a reference table for sharding.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: ts('window_ends_at').notNull(),
  },
  (t) => [index('rate_limit_hits_window_ends_idx').on(t.windowEndsAt)],
);
