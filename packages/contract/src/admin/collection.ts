import { z } from 'zod';
import { cardBrandLabel } from '../billing';
import { planIdSchema } from '../subscription';
import { staffReasonSchema } from './staff-schemas';

/**
 * Collecting failed payments (docs/billing.md, "Collecting failed payments"): a declined off-session
 * charge is retried on a schedule of days after the decline; after the last try the policy applies.
 */
export const DEFAULT_RETRY_DAYS = [1, 3, 5, 7] as const;
/** The most retries a schedule may hold, and the latest day one may fall on. */
export const MAX_RETRIES = 8;
export const MAX_RETRY_DAY = 60;

/** After the last retry is declined: calls refused until paid (delinquency), or the plan ends at period end. */
export const AFTER_LAST_TRY = ['refuse', 'cancel'] as const;
export type AfterLastTry = (typeof AFTER_LAST_TRY)[number];

/** Under /api/v1/admin. */
export const COLLECTION_PATHS = {
  list: '/collection/',
  settings: '/collection/settings',
} as const;

export const COLLECTION_TEXT = {
  title: 'Collection',
  description: 'Accounts whose card was declined, and when their invoice is tried again.',
  settingsTitle: 'Retry schedule',
  scheduleLabel: 'Retry on these days after the decline',
  scheduleHint: 'Days, separated by commas (for example 1, 3, 5, 7).',
  afterLastLabel: 'After the last try',
  afterLast: {
    refuse: 'Refuse calls until paid',
    cancel: 'Cancel at the end of the period',
  } satisfies Record<AfterLastTry, string>,
  planLabel: 'Applies to',
  allPlans: 'All plans',
  saved: 'Retry schedule saved.',
  empty: 'No account is in collection.',
  columns: {
    account: 'Account',
    invoice: 'Invoice',
    amount: 'Amount',
    failures: 'Declines',
    reason: 'Reason',
    nextTry: 'Next try',
  },
  lastTryDone: 'Last try declined',
  badSchedule: `Give between 1 and ${MAX_RETRIES} days, each from 1 to ${MAX_RETRY_DAY}, in increasing order.`,
} as const;

/** The email after each declined off-session charge: the card's reason and a link to pay. */
export const PAYMENT_FAILED_EMAIL = {
  kind: 'payment_failed',
  subject: (number: string) => `Your payment for enQ invoice ${number} was declined`,
  body: (p: {
    name: string;
    number: string;
    amount: string;
    brand: string;
    last4: string;
    reason: string;
    payUrl: string;
    nextTry: string | null;
  }) =>
    [
      `Hello ${p.name},`,
      '',
      `We could not charge ${p.amount} for enQ invoice ${p.number} to your ${cardBrandLabel(p.brand)} card ending in ${p.last4}.`,
      `The card's bank said: ${p.reason}`,
      '',
      `Pay the invoice now, or put a new card on file: ${p.payUrl}`,
      p.nextTry
        ? `Otherwise we will try the card again on ${p.nextTry}.`
        : 'This was our last try: until the invoice is paid, your account may not be able to place calls.',
      '',
      'enQ',
    ].join('\n'),
} as const;

const retryDaysSchema = z
  .array(z.number().int().min(1).max(MAX_RETRY_DAY))
  .min(1)
  .max(MAX_RETRIES)
  .refine((days) => days.every((d, i) => i === 0 || d > days[i - 1]!), COLLECTION_TEXT.badSchedule);

export const collectionSettingSchema = z
  .object({
    /** null: every plan without a setting of its own. */
    plan_id: z.string().nullable(),
    retry_days: retryDaysSchema,
    after_last: z.enum(AFTER_LAST_TRY),
  })
  .meta({ id: 'CollectionSetting' });
export type CollectionSetting = z.infer<typeof collectionSettingSchema>;

export const collectionSettingsSchema = z
  .object({
    settings: z.array(collectionSettingSchema),
    plans: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .meta({ id: 'CollectionSettings' });
export type CollectionSettings = z.infer<typeof collectionSettingsSchema>;

export const collectionSavedSchema = z
  .object({ message: z.string(), audit_id: z.number().int(), replayed: z.boolean() })
  .meta({ id: 'CollectionSaved' });
export type CollectionSaved = z.infer<typeof collectionSavedSchema>;

export const collectionSettingBodySchema = collectionSettingSchema
  // The plan's id in another case or with spaces around it is that plan, as Change plan takes it; any
  // other spelling names no plan (404, plan_id).
  .extend({ plan_id: planIdSchema.nullable(), reason: staffReasonSchema })
  .meta({ id: 'CollectionSettingBody' });
export type CollectionSettingBody = z.infer<typeof collectionSettingBodySchema>;

export const collectionEntrySchema = z.object({
  account_id: z.string(),
  account_name: z.string(),
  invoice_id: z.string(),
  invoice_number: z.string(),
  amount_cents: z.number().int(),
  failures: z.number().int(),
  last_reason: z.string(),
  /** ISO; null once the last try was declined. */
  next_try_at: z.string().nullable(),
});
export type CollectionEntry = z.infer<typeof collectionEntrySchema>;

export const collectionListSchema = z
  .object({ entries: z.array(collectionEntrySchema) })
  .meta({ id: 'CollectionList' });
export type CollectionList = z.infer<typeof collectionListSchema>;
