import { z } from 'zod';
import { formatDate, formatLongDay, formatMoney } from './format';
import { planPeriodSchema } from './subscription';

// Cancellation that asks why (issue 64, docs/billing.md "Cancelling"): the one reason a customer gives,
// what the portal offers for it, the "Keep this plan" link of the reminder email and the console's report.

/** Paths below /api/v1/account (the route folder is account/cancellation/). */
export const CANCELLATION_PATHS = {
  /** GET ?reason=: what fits the reason, with its figures. */
  offer: '/cancellation/offer/',
  /** POST: the customer took the offered alternative instead of cancelling. */
  alternative: '/cancellation/alternative/',
  /** POST { token }: the reminder email's "Keep this plan" link, once, before the period ends. */
  keep: '/cancellation/keep/',
} as const;

/** The portal's page a reminder's link opens, and the parameter that carries the link's token. */
export const KEEP_LINK_PAGE = '/subscription';
export const KEEP_LINK_PARAM = 'keep';

/** The reasons, in the order the form lists them. */
export const CANCELLATION_REASONS = {
  too_expensive: 'Too expensive',
  seasonal: 'Only needed in tax season',
  missing_feature: 'Missing a feature',
  switching: 'Switching to another service',
  not_using: 'Not using it',
  other: 'Other',
} as const;
export type CancellationReason = keyof typeof CANCELLATION_REASONS;
export const CANCELLATION_REASON_IDS = Object.keys(CANCELLATION_REASONS) as [
  CancellationReason,
  ...CancellationReason[],
];

/** The most characters the optional words may have. */
export const CANCELLATION_WORDS_MAX = 1000;

export const CANCELLATION_TEXT = {
  reasonRequired: 'Choose the reason you are cancelling.',
  wordsTooLong: `Your words can be at most ${CANCELLATION_WORDS_MAX.toLocaleString('en-US')} characters.`,
  question: 'Why are you cancelling?',
  wordsLabel: 'Anything you would like to tell us (optional)',
  goOn: 'Continue to cancel',
  cancelAnyway: 'No thanks, cancel anyway',
  cheaperPlan: (name: string, compared: number, cost: number, currentCost: number) =>
    compared === 0
      ? `From this period's forecast, the ${name} monthly plan would cost ${formatMoney(cost)}, against ${formatMoney(currentCost)} on your current plan.`
      : `Over your last ${compared === 1 ? 'period' : `${compared} periods`}, the ${name} monthly plan would have cost ${formatMoney(cost)} a month on average, price and overage included, against ${formatMoney(currentCost)} on your current plan.`,
  cheaperPlanSaves: (saves: number) => `That is ${formatMoney(saves)} less each month.`,
  switchPlan: (name: string) => `Switch to ${name} monthly`,
  pauseOffer: (until: string) =>
    `Pause your plan instead and keep your users, PINs and rollover: it would resume on ${formatLongDay(new Date(`${until}T00:00:00Z`))}, before the next tax season.`,
  pauseLink: 'Pause my plan instead',
  featureOffer: 'Tell us which feature you are missing: our product team reads every request.',
  featureLink: 'Request the feature',
  noOffer: 'We are sorry to see you go.',
  alternativeTaken: 'Thank you: your plan stays as it is.',
  keepDialogTitle: 'Keep this plan?',
  kept: 'Your plan is kept: nothing was charged.',
  linkUsed: 'This link has already been used.',
  linkUnknown: 'This link is not one of your account.',
  linkExpired: 'This plan has ended, so the link no longer works. Choose a plan to start again.',
  reminderSubject: (end: string) => `Your enQ plan ends on ${formatDate(end)}`,
  keepButton: 'Keep this plan',
} as const;

export const cancelBodySchema = z
  .object({
    reason: z.enum(CANCELLATION_REASON_IDS, { error: CANCELLATION_TEXT.reasonRequired }),
    words: z.string().trim().max(CANCELLATION_WORDS_MAX, CANCELLATION_TEXT.wordsTooLong).optional(),
  })
  .meta({ id: 'CancelWithReason' });
export type CancelBody = z.infer<typeof cancelBodySchema>;

export const offerQuerySchema = z.object({
  reason: z.enum(CANCELLATION_REASON_IDS, { error: CANCELLATION_TEXT.reasonRequired }),
});

export const cancellationOfferSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('cheaper_plan'),
      plan: z.object({ price_id: z.string(), name: z.string(), period: planPeriodSchema }),
      cost: z.number().meta({ description: "US dollars a period, the advisor's average over the periods" }),
      current_cost: z.number().meta({ description: 'the current plan over the same periods' }),
      periods_compared: z.number().int(),
    }),
    z.object({
      kind: z.literal('pause'),
      until: z.string().meta({ description: 'YYYY-MM-DD: the day the plan would resume' }),
    }),
    z.object({ kind: z.literal('feature_request') }),
  ])
  .nullable()
  .meta({ id: 'CancellationOffer' });
export type CancellationOffer = z.infer<typeof cancellationOfferSchema>;

export const offerResponseSchema = z
  .object({ reason: z.enum(CANCELLATION_REASON_IDS), offer: cancellationOfferSchema })
  .meta({ id: 'CancellationOfferAnswer' });
export type OfferResponse = z.infer<typeof offerResponseSchema>;

/** The alternatives a customer can take from the flow. */
export const ALTERNATIVE_KINDS = ['plan_change', 'pause', 'feature_request'] as const;
export type AlternativeKind = (typeof ALTERNATIVE_KINDS)[number];

export const alternativeBodySchema = cancelBodySchema
  .extend({ alternative: z.enum(ALTERNATIVE_KINDS) })
  .meta({ id: 'CancellationAlternative' });
export type AlternativeBody = z.infer<typeof alternativeBodySchema>;

export const keepLinkBodySchema = z.object({ token: z.string().min(16).max(200) }).meta({ id: 'KeepLink' });
export const okResponseSchema = z.object({ message: z.string() });

/** The console's report (GET /api/v1/admin/cancellations): one row a month, plan and reason. */
export const ADMIN_CANCELLATION_PATHS = { report: '/cancellations' } as const;

export const cancellationReportSchema = z
  .object({
    rows: z.array(
      z.object({
        month: z.string().meta({ description: 'YYYY-MM, New York time' }),
        plan: z.string(),
        reason: z.enum(CANCELLATION_REASON_IDS),
        cancelled: z.number().int(),
        accepted: z.number().int().meta({ description: 'took the offered alternative instead' }),
      }),
    ),
  })
  .meta({ id: 'CancellationReport' });
export type CancellationReport = z.infer<typeof cancellationReportSchema>;
