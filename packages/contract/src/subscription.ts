import { z } from 'zod';
import { pauseInfoSchema } from './pause';

export const planPeriodSchema = z.enum(['mo', 'yr']);

export const planSchema = z
  .object({
    price_id: z.string(),
    name: z.string(),
    price: z.number().meta({ description: 'US dollars per period' }),
    period: planPeriodSchema,
    credits: z.number().int().meta({ description: 'credits granted each period' }),
    save: z.string().nullable(),
    multi_user: z.boolean(),
  })
  .meta({ id: 'Plan' });
export type PlanDto = z.infer<typeof planSchema>;

/** The subscription summary (API-37..39). Credits are numbers with up to two decimals. */
export const subscriptionInfoSchema = z
  .object({
    current_plan: z
      .object({ credits: z.number(), period: planPeriodSchema, price_id: z.string() })
      .nullable(),
    plan_credits_used: z.number(),
    rollover_credits_used: z.number().meta({ description: 'credits carried over from earlier periods' }),
    bonus_credits_used: z
      .number()
      .meta({ description: 'referral bonus credits, drawn after plan and rollover credits' }),
    overage_credits_used: z.number(),
    total_credits_used: z.number(),
    rollover_credits_left: z.number(),
    bonus_credits_left: z.number(),
    plan_credits_left: z.number(),
    billable_credits_used: z
      .number()
      .meta({ description: 'overage credits used this period and not yet invoiced' }),
    billable_calls: z.number().int().meta({ description: 'calls this period that drew overage credits' }),
    next_payment_date: z.string().nullable().meta({ description: 'ISO 8601; null when nothing is due' }),
    next_payment_amount: z.number().nullable().meta({ description: 'US dollars' }),
    days_in_period: z.number().int().meta({
      description:
        'whole days elapsed in the period, rounded down (docs/billing.md, "The days of a period"); days_in_period + days_left is period_days',
    }),
    days_left: z.number().int().meta({ description: "days to the period's end, the day under way included" }),
    period_days: z
      .number()
      .int()
      .meta({ description: "the period's length in whole days; 0 without a period" }),
    active_users: z.number().int(),
    is_credits_exhausted: z.boolean(),
    status: z.enum(['active', 'inactive', 'paused']).meta({
      description: "'paused': a monthly plan's pause is under way (see pause): no period, credits or charges",
    }),
    cancel_at_period_end: z.boolean(),
    pending_plan_id: z.string().nullable(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    pause: pauseInfoSchema
      .nullable()
      .meta({ description: 'the pause scheduled at the period end or under way; null: none' }),
  })
  .meta({ id: 'SubscriptionInfo' });
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

export const subscriptionResponseSchema = subscriptionInfoSchema
  .extend({ is_delinquent: z.boolean(), is_subscription_active: z.boolean(), plans: z.array(planSchema) })
  .meta({ id: 'SubscriptionResponse' });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/**
 * A plan's price id as the catalogue spells it ('team-monthly'): sent in another case or with spaces
 * around it, it is the same plan.
 */
export const planIdSchema = z.string().max(64).trim().toLowerCase().min(1);

export const changePreviewQuerySchema = z.object({ plan: planIdSchema });
export const changeBodySchema = z.object({ plan: planIdSchema }).meta({ id: 'SubscriptionChange' });
export const previewResponseSchema = z
  .object({ messages: z.array(z.string()) })
  .meta({ id: 'SubscriptionPreview', description: 'Plain-language confirmation messages' });
export type PreviewResponse = z.infer<typeof previewResponseSchema>;

export const subscriptionMutationResponseSchema = subscriptionResponseSchema
  .extend({ message: z.string() })
  .meta({ id: 'SubscriptionMutation' });

export const SUBSCRIPTION_TEXT = {
  cancelled: 'Subscription cancelled.',
  changed: 'Subscription changed.',
  renewed: 'Subscription renewed.',
} as const;

/** Renew is offered on an active annual plan whose credits are used up (renewing early is allowed). */
export function canRenew(
  info: Pick<SubscriptionInfo, 'status' | 'current_plan' | 'is_credits_exhausted'>,
): boolean {
  return info.status === 'active' && info.current_plan?.period === 'yr' && info.is_credits_exhausted;
}
