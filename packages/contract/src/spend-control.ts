import { z } from 'zod';

/**
 * Spend alerts, the spending cap and per-user monthly limits (docs/requirements.md, SPEND); their paths
 * are in paths.ts, apart from zod, because the overview's banners ask them in its first chunk.
 */

/** What the authorize answer says when the cap or a user's limit refuses a call. */
export const SPEND_REFUSALS = { cap: 'spending cap reached', userLimit: 'user limit reached' } as const;

/** The 80% and 100% alerts every account starts with (SPEND-01). */
export const DEFAULT_PERCENT_THRESHOLDS = [80, 100] as const;
export const SPEND_LIMITS = { maxThresholds: 10, maxPercent: 1000, maxDollars: 1_000_000 } as const;

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

const dollars = (value: number) => `$${value.toLocaleString('en-US')}`;

export const SPEND_TEXT = {
  sectionTitle: 'Alerts and limits',
  percentAlert: (percent: number) => `You have used ${percent}% of this period's plan credits.`,
  overageAlert: (value: number) => `Your overage this period has reached ${dollars(value)}.`,
  forecastAlert: (value: number) =>
    `At this pace, overage this period is projected to pass ${dollars(value)}.`,
  forecastLabel: 'Projected overage at period end',
  forecastHint:
    "Warns when this period's pace of calls projects overage at the period's end above the amount, as the overview's forecast shows it.",
  forecastMonthlyOnly: 'Forecast alerts are for monthly plans: an annual plan has no overage.',
  capReached: (value: number) =>
    `Your spending cap of ${dollars(value)} overage is reached: new calls are refused until the period ends or you raise the cap.`,
  raiseCap: 'Raise the cap',
  alreadyPassed: 'Already passed this period',
  sent: (date: string) => `Alert sent ${date}`,
  saved: 'Alerts and limits saved.',
  limitSaved: 'Limit saved.',
  adminOnly: 'Only the account admin can change alerts and limits.',
  notYourUser: 'There is no such user on this account.',
  noSuchAlert: 'There is no such alert this period.',
  adminHasNoLimit: 'The admin has no monthly limit.',
  alertSubject: (what: string) => `enQ alert: ${what}`,
  capSubject: 'enQ: your spending cap is reached',
  userLimitReached: (name: string, limit: number) =>
    `${name} has reached their monthly limit of ${limit.toLocaleString('en-US')} credits: calls from their PIN are refused until the period ends or you raise the limit.`,
  userLimitSubject: (name: string) => `enQ: ${name} reached their monthly credit limit`,
  changeLimit: 'Change the limit',
} as const;

/** The anchor of the section on /subscription, where the cap's banner leads. */
export const SPEND_SECTION_ID = 'alerts-and-limits';
