import { z } from 'zod';
import { staffActionSchema } from './staff-schemas';

/**
 * The operator console's catalogue (issue 25, CAT-01..06): plans whose price, credits and save label
 * change by versions with an effective date, rates per line and half hour with effective dates, and
 * the lines and markets the Lines page shows. Paths are below /api/v1/admin.
 */
export const CATALOGUE_PATHS = {
  plans: '/catalogue/plans/',
  planVersions: (planId: string) => `/catalogue/plans/${encodeURIComponent(planId)}/versions/`,
  rates: '/catalogue/rates/',
  lineRates: (line: string) => `/catalogue/rates/?line=${encodeURIComponent(line)}`,
  lines: '/catalogue/lines/',
  line: (lineId: string) => `/catalogue/lines/${encodeURIComponent(lineId)}/`,
  market: (marketId: string) => `/catalogue/markets/${encodeURIComponent(marketId)}/`,
} as const;

export const CATALOGUE_TEXT = {
  pastDate: 'Choose a date and time from now on: calls and periods before it are already billed.',
  badDate: 'Enter a date and time, e.g. 2026-12-01 00:00.',
  noPlan: (id: string) => `There is no plan '${id}'.`,
  noLine: (line: string) => `There is no line '${line}'.`,
  noLineId: (id: string) => `There is no line '${id}'.`,
  noMarket: (id: string) => `There is no market '${id}'.`,
  lineTaken: (name: string) => `The market already has a line named '${name}'.`,
  marketTaken: (name: string) => `A market is already named '${name}'.`,
  badNumber: 'Enter the enQ number as a full phone number, e.g. +1 888 555 0101.',
  badRate: 'Enter credits per minute from 0.01 to 1,000, in hundredths at most.',
  badSlot: 'Choose a half hour of the day, or all of them.',
  badPrice: 'Enter a price from $0.00 to $100,000.00.',
  badCredits: 'Enter whole credits from 0 to 10,000,000.',
} as const;

/** An effective date: an ISO date-time; absent means now. The server refuses one in the past. */
const effectiveFromSchema = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), CATALOGUE_TEXT.badDate)
  .optional()
  .meta({ description: 'when it takes effect (ISO 8601); now when absent; never in the past' });

// Plans

export const planVersionSchema = z.object({
  /** null for the first version, in force since the plan was made. */
  effective_from: z.string().nullable(),
  price_cents: z.number().int(),
  credits: z.number().int(),
  save: z.string().nullable(),
  status: z.enum(['past', 'in_force', 'scheduled']),
});
export type PlanVersion = z.infer<typeof planVersionSchema>;

export const cataloguePlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  period: z.enum(['mo', 'yr']),
  multi_user: z.boolean(),
  available: z.boolean(),
  versions: z.array(planVersionSchema),
});
export type CataloguePlan = z.infer<typeof cataloguePlanSchema>;

export const cataloguePlansSchema = z
  .object({ plans: z.array(cataloguePlanSchema) })
  .meta({ id: 'CataloguePlans' });
export type CataloguePlans = z.infer<typeof cataloguePlansSchema>;

export const planVersionBodySchema = staffActionSchema.extend({
  effective_from: effectiveFromSchema,
  price_cents: z
    .number({ error: CATALOGUE_TEXT.badPrice })
    .int(CATALOGUE_TEXT.badPrice)
    .min(0, CATALOGUE_TEXT.badPrice)
    .max(10_000_000, CATALOGUE_TEXT.badPrice),
  credits: z
    .number({ error: CATALOGUE_TEXT.badCredits })
    .int(CATALOGUE_TEXT.badCredits)
    .min(0, CATALOGUE_TEXT.badCredits)
    .max(10_000_000, CATALOGUE_TEXT.badCredits),
  save: z.string().trim().max(40).nullable().default(null),
});
export type PlanVersionBody = z.input<typeof planVersionBodySchema>;

// Rates

export const rateSlotSchema = z.object({
  slot_start_minute: z.number().int(),
  /** Credits per minute in force now; null when none is. */
  now: z.number().nullable(),
  /** Versions that start later, by start. */
  scheduled: z.array(z.object({ effective_from: z.string(), credits_per_minute: z.number() })),
});
export type RateSlot = z.infer<typeof rateSlotSchema>;

export const catalogueRatesSchema = z
  .object({
    /** Every line's destination name ('<market> <line>'), in display order. */
    lines: z.array(z.string()),
    line: z.string(),
    slots: z.array(rateSlotSchema),
  })
  .meta({ id: 'CatalogueRates' });
export type CatalogueRates = z.infer<typeof catalogueRatesSchema>;

export const catalogueRatesQuerySchema = z.object({ line: z.string().max(300).optional() });

export const rateChangeBodySchema = staffActionSchema.extend({
  line: z.string().min(1).max(300),
  /** A half hour's start in minutes after New York midnight, or null for all 48 of the day. */
  slot_start_minute: z
    .number({ error: CATALOGUE_TEXT.badSlot })
    .int(CATALOGUE_TEXT.badSlot)
    .min(0, CATALOGUE_TEXT.badSlot)
    .max(1410, CATALOGUE_TEXT.badSlot)
    .refine((m) => m % 30 === 0, CATALOGUE_TEXT.badSlot)
    .nullable(),
  effective_from: effectiveFromSchema,
  credits_per_minute: z
    .number({ error: CATALOGUE_TEXT.badRate })
    .min(0.01, CATALOGUE_TEXT.badRate)
    .max(1000, CATALOGUE_TEXT.badRate)
    .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), CATALOGUE_TEXT.badRate),
});
export type RateChangeBody = z.input<typeof rateChangeBodySchema>;

// Lines and markets

const text = (max: number) =>
  z.string().trim().min(1, 'Fill this in.').max(max, `Keep it to ${max} characters.`);

export const catalogueLineSchema = z.object({
  id: z.string(),
  market_id: z.string(),
  name_long: z.string(),
  irs_number: z.string(),
  display_number: z.string(),
  open_hours_text: z.string(),
  description_long: z.string(),
  sort: z.number().int(),
  /** The name calls and rates know the line by. */
  destination: z.string(),
});
export type CatalogueLine = z.infer<typeof catalogueLineSchema>;

export const catalogueMarketSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_new: z.boolean(),
  sort: z.number().int(),
  lines: z.array(catalogueLineSchema),
});
export type CatalogueMarket = z.infer<typeof catalogueMarketSchema>;

export const catalogueLinesSchema = z
  .object({ markets: z.array(catalogueMarketSchema) })
  .meta({ id: 'CatalogueLines' });
export type CatalogueLines = z.infer<typeof catalogueLinesSchema>;

export const marketBodySchema = staffActionSchema.extend({
  name: text(80),
  is_new: z.boolean(),
  sort: z.number().int().min(0).max(10_000),
});
export type MarketBody = z.input<typeof marketBodySchema>;

export const lineFieldsSchema = z.object({
  name_long: text(120),
  /** The agency's own numbers, one a line. */
  irs_number: text(200),
  /** The enQ number to dial; stored as E.164. */
  display_number: text(40),
  open_hours_text: text(120),
  description_long: text(2000),
});

export const lineBodySchema = staffActionSchema.extend(lineFieldsSchema.shape);
export type LineBody = z.input<typeof lineBodySchema>;

/** A new line: its market, its fields and the rate every half hour starts at (from now). */
export const newLineBodySchema = lineBodySchema.extend({
  market_id: z.string().min(1).max(64),
  credits_per_minute: rateChangeBodySchema.shape.credits_per_minute,
});
export type NewLineBody = z.input<typeof newLineBodySchema>;

export const catalogueParamsSchema = z.object({ id: z.string().min(1).max(120) });

/** What a catalogue action answers (the staff action's message and audit id). */
export const catalogueActionResultSchema = z
  .object({ message: z.string(), audit_id: z.number().int(), replayed: z.boolean() })
  .meta({ id: 'CatalogueActionResult' });
export type CatalogueActionResult = z.infer<typeof catalogueActionResultSchema>;
