import { z } from 'zod';
import { planIdSchema, planPeriodSchema, subscriptionMutationResponseSchema } from './subscription';

// The forecast, the plan advisor and Upgrade now (PLAN-01..12, docs/billing.md "Upgrade now"): the
// schemas. The paths and texts are in plan-texts.ts, apart from zod, so the overview's card adds none.

const dollars = z.number().meta({ description: 'US dollars' });

export const forecastSchema = z
  .object({
    period_start: z.string(),
    period_end: z.string(),
    used_credits: z.number(),
    available_credits: z.number().meta({ description: 'plan, rollover and bonus credits of the period' }),
    plan_credits: z.number().meta({ description: "the period's plan credits (used and left)" }),
    rollover_credits: z.number().meta({ description: 'rollover credits carried in (used and left)' }),
    bonus_credits: z.number().meta({ description: 'bonus credits of the period (used and left)' }),
    days_left: z.number().int().meta({ description: 'as subscription_info counts them' }),
    period_days: z.number().int().meta({ description: "the period's length in whole days" }),
    projected_credits: z.number().meta({ description: 'credits projected to be used by the period end' }),
    runs_out_on: z
      .string()
      .nullable()
      .meta({ description: 'yyyy-MM-dd in New York; null: not before the period ends' }),
    ran_out: z.boolean().meta({ description: 'runs_out_on has passed: the credits are used up' }),
    projected_overage: dollars,
    bills_overage: z.boolean(),
    spending_cap: dollars.nullable().meta({
      description: 'the saved spending cap on overage per period; null: none, or no overage to cap',
    }),
    capped_overage: dollars.nullable().meta({
      description: 'projected_overage held to the spending cap, which refuses calls past it; null: no cap',
    }),
    note: z.string(),
  })
  .meta({ id: 'Forecast' });
export type ForecastDto = z.infer<typeof forecastSchema>;

export const advisorSchema = z
  .object({
    periods_compared: z.number().int(),
    cheapest: z.object({ price_id: z.string(), name: z.string(), cost: dollars }),
    current_cost: dollars,
    upgrade: z
      .object({ price_id: z.string(), name: z.string(), saves: dollars, charge: dollars })
      .nullable()
      .meta({ description: 'the upgrade now that saves most this period; null: none saves' }),
  })
  .meta({ id: 'PlanAdvisor' });
export type AdvisorDto = z.infer<typeof advisorSchema>;

const priceStepSchema = z.object({
  from: z.string().meta({ description: 'ISO 8601: the instant this price is in force from' }),
  price: dollars,
  credits: z.number(),
});

export const priceChangeSchema = z
  .object({
    plan: z.string().meta({ description: "the plan's label, e.g. 'Team monthly'" }),
    per: z.enum(['month', 'year']),
    now: priceStepSchema,
    next: priceStepSchema,
  })
  .meta({ id: 'PlanPriceChange' });
export type PriceChangeDto = z.infer<typeof priceChangeSchema>;

export const forecastResponseSchema = z
  .object({
    forecast: forecastSchema.nullable(),
    advisor: advisorSchema.nullable(),
    price_change: priceChangeSchema.nullable().meta({
      description:
        "the catalogue's next price of the plan the account renews on, before it takes effect; null: none scheduled",
    }),
  })
  .meta({ id: 'ForecastResponse' });
export type ForecastResponse = z.infer<typeof forecastResponseSchema>;

export const upgradePreviewQuerySchema = z.object({ plan: planIdSchema });

export const upgradePreviewSchema = z
  .object({
    plan: z.object({ price_id: z.string(), name: z.string(), period: planPeriodSchema }),
    days_left: z.number().int(),
    days_in_period: z.number().int().meta({ description: 'the period length in days' }),
    credit: dollars.meta({ description: 'the unused part of the current plan' }),
    charge: dollars.meta({ description: 'the new plan for the days left' }),
    subtotal: dollars,
    tax: dollars,
    total: dollars,
    total_cents: z.number().int().meta({ description: 'echoed by the confirmation' }),
    credits_added: z.number(),
    messages: z.array(z.string()),
  })
  .meta({ id: 'UpgradePreview' });
export type UpgradePreview = z.infer<typeof upgradePreviewSchema>;

export const upgradeBodySchema = z
  .object({
    plan: planIdSchema,
    total_cents: z.number().int().min(0).max(100_000_000),
  })
  .meta({ id: 'SubscriptionUpgrade' });

export const upgradeResponseSchema = subscriptionMutationResponseSchema
  .extend({ invoice_id: z.string() })
  .meta({ id: 'SubscriptionUpgraded' });
export type UpgradeResponse = z.infer<typeof upgradeResponseSchema>;
