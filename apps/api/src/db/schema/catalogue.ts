import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts, centicredits } from './columns';

/** Tracks callers hear while they wait; the audio is served by the API. */
export const holdMusic = pgTable('hold_music', {
  value: text('value').primaryKey(),
  name: text('name').notNull(),
  fileName: text('file_name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** The plan catalogue: price ids, prices, credits per period. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  period: text('period').notNull(), // 'mo' | 'yr'
  priceCents: integer('price_cents').notNull(),
  credits: integer('credits').notNull(),
  save: text('save'),
  multiUser: boolean('multi_user').notNull().default(false),
  available: boolean('available').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/**
 * A plan's price, credits and save label from a moment on (CAT-01): a period takes the version in force
 * at its start, so a new version reaches existing subscribers at their next period and never changes a
 * period already begun. The first version of every plan is in force from -infinity.
 */
export const planVersions = pgTable(
  'plan_versions',
  {
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    effectiveFrom: ts('effective_from').notNull(),
    priceCents: integer('price_cents').notNull(),
    credits: integer('credits').notNull(),
    save: text('save'),
  },
  (t) => [primaryKey({ columns: [t.planId, t.effectiveFrom] })],
);

/** Bumped by every change to the rate table, so each process reloads its copy in memory (CAT-03). */
export const rateRevision = pgTable('rate_revision', {
  id: boolean('id').primaryKey().default(true),
  revision: integer('revision').notNull().default(0),
});

/** Credits per minute by destination and time-of-day slot (America/New_York), with effective dates. */
export const rates = pgTable(
  'rates',
  {
    destination: text('destination').notNull(),
    slotStartMinute: integer('slot_start_minute').notNull(),
    effectiveFrom: ts('effective_from').notNull(),
    effectiveTo: ts('effective_to'),
    creditsPerMinute: centicredits('credits_per_minute').notNull(),
  },
  (t) => [primaryKey({ columns: [t.destination, t.slotStartMinute, t.effectiveFrom] })],
);

/** Tax-agency markets (e.g. IRS, state departments of revenue) whose lines enQ connects to. */
export const lineMarkets = pgTable('line_markets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  isNew: boolean('is_new').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

/** A department line within a market: the agency's own numbers and the enQ number that reaches it. */
export const lineDepartments = pgTable(
  'line_departments',
  {
    id: text('id').primaryKey(),
    marketId: text('market_id')
      .notNull()
      .references(() => lineMarkets.id, { onDelete: 'cascade' }),
    nameLong: text('name_long').notNull(),
    irsNumber: text('irs_number').notNull(), // several numbers separated by newlines
    displayNumber: text('display_number').notNull(), // the enQ number to dial, E.164
    openHoursText: text('open_hours_text').notNull(),
    descriptionLong: text('description_long').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('line_departments_market_idx').on(t.marketId, t.sort)],
);
