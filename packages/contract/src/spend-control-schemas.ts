import { z } from 'zod';
import { SPEND_LIMITS } from './spend-control';

// The spend-control API's schemas, apart from its texts: the Users screen and the overview's banners read
// the texts in their first load, and building these schemas cost them a measured 70 ms of a 4x-throttled
// first render.

const thresholdList = (max: number, unit: string) =>
  z
    .array(
      z.number().int(`must be whole ${unit}`).positive(`must be above 0`).max(max, `must be at most ${max}`),
    )
    .max(SPEND_LIMITS.maxThresholds, `at most ${SPEND_LIMITS.maxThresholds} thresholds`)
    .refine((list) => new Set(list).size === list.length, 'each threshold once');

export const spendSettingsBodySchema = z.object({
  /** Percent of the period's plan, rollover and bonus credits. */
  percent_thresholds: thresholdList(SPEND_LIMITS.maxPercent, 'percents'),
  /** Overage in whole dollars. */
  overage_thresholds: thresholdList(SPEND_LIMITS.maxDollars, 'dollars'),
  /** Overage projected at the period's end, in whole dollars; monthly plans only (SPEND-13). */
  forecast_thresholds: thresholdList(SPEND_LIMITS.maxDollars, 'dollars').default([]),
  /** The most overage per period, in whole dollars; null for none. */
  spending_cap: z
    .number()
    .int('must be whole dollars')
    .positive('must be above 0')
    .max(SPEND_LIMITS.maxDollars, `must be at most ${SPEND_LIMITS.maxDollars}`)
    .nullable(),
});
export type SpendSettingsBody = z.infer<typeof spendSettingsBodySchema>;

export const userLimitParamsSchema = z.object({ personId: z.uuid() });
export const userLimitBodySchema = z.object({
  /** Credits per period; null for no limit. */
  monthly_credit_limit: z
    .number()
    .int('must be whole credits')
    .positive('must be above 0')
    .max(10_000_000, 'must be at most 10000000')
    .nullable(),
});
/**
 * An alert's key in its one spelling ('plan_percent:80'): the path may carry it in another case, with
 * spaces around it or with leading zeros, and it is the same alert (percent-encoding is undone by the
 * router before this sees it).
 */
export const dismissAlertParamsSchema = z.object({
  key: z
    .string()
    .max(40)
    .trim()
    .toLowerCase()
    .overwrite((key) => key.replace(/:0+(?=\d)/, ':'))
    .regex(/^[a-z_]+:\d+$/),
});

export const thresholdKindSchema = z.enum(['plan_percent', 'overage', 'forecast_overage']);
export type ThresholdKind = z.infer<typeof thresholdKindSchema>;

export const spendThresholdSchema = z.object({
  kind: thresholdKindSchema,
  /** Percent, or dollars of overage (booked, or projected at the period's end). */
  value: z.number(),
  /** 'sent': it fired this period; 'passed': it was already passed when added, and will not fire. */
  status: z.enum(['waiting', 'sent', 'passed']),
  sent_at: z.string().nullable(),
});
export type SpendThreshold = z.infer<typeof spendThresholdSchema>;

export const spendBannerSchema = z.object({
  /** 'plan_percent:80', 'overage:100', 'forecast:200', or 'cap' (the cap's banner cannot be dismissed). */
  key: z.string(),
  variant: z.enum(['danger', 'warning']),
  message: z.string(),
  action: z.object({ label: z.string(), to: z.string() }).nullable(),
});
export type SpendBanner = z.infer<typeof spendBannerSchema>;

export const userLimitSchema = z.object({
  person_id: z.string(),
  full_name: z.string(),
  is_admin: z.boolean(),
  /** Credits used this period, and the limit (null for none). */
  used: z.number(),
  limit: z.number().nullable(),
});
export type UserLimit = z.infer<typeof userLimitSchema>;

export const spendControlResponseSchema = z
  .object({
    /** Whether the signed-in person may change the settings (the admin). */
    can_edit: z.boolean(),
    /** The cap applies to a monthly plan's overage; an annual plan stops at zero credits. */
    is_monthly: z.boolean(),
    period_end: z.string().nullable(),
    plan_percent_used: z.number(),
    overage_used: z.number(),
    thresholds: z.array(spendThresholdSchema),
    spending_cap: z.number().nullable(),
    cap_reached: z.boolean(),
    banners: z.array(spendBannerSchema),
    user_limits: z.array(userLimitSchema),
  })
  .meta({ id: 'SpendControl' });
export type SpendControlResponse = z.infer<typeof spendControlResponseSchema>;
