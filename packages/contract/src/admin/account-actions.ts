import { z } from 'zod';
import { formatCredits, formatMoney } from '../format';
import { creditsToCc } from '../credits';
import { API_ADMIN_BASE } from '../paths';
import { pauseRequestSchema, pauseResponseSchema } from '../pause';
import { planIdSchema } from '../subscription';
import { staffActionResultSchema, staffActionSchema } from './staff-schemas';

/**
 * The console's money actions on one account (issue 25, docs/requirements.md CMON): refunds, credit
 * adjustments, plan changes on the customer's behalf and a retried charge. Each carries a reason and an
 * Idempotency-Key header (staff.ts), and goes through the same payment and ledger paths as the portal.
 */
export const ACCOUNT_ACTION_PATHS = {
  refundableInvoices: (accountId: string) => `/accounts/${accountId}/refundable-invoices`,
  refunds: (accountId: string) => `/accounts/${accountId}/refunds`,
  creditAdjustments: (accountId: string) => `/accounts/${accountId}/credit-adjustments`,
  subscription: (accountId: string, action: SubscriptionAction) =>
    `/accounts/${accountId}/subscription/${action}`,
  charge: (accountId: string, invoiceId: string) => `/accounts/${accountId}/invoices/${invoiceId}/charge`,
  pause: (accountId: string) => `/accounts/${accountId}/pause`,
  resume: (accountId: string) => `/accounts/${accountId}/pause/resume`,
} as const;

/** The same paths under /api/v1/admin, as a client outside the console calls them. */
export const accountActionUrl = (path: string) => `${API_ADMIN_BASE}${path}`;

export const SUBSCRIPTION_ACTIONS = ['change', 'cancel', 'reactivate'] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

export const accountActionParamsSchema = z.object({ accountId: z.uuid('There is no such account.') });
export const accountInvoiceParamsSchema = accountActionParamsSchema.extend({
  invoiceId: z.string().min(1).max(64),
});

/** The most one adjustment may grant or remove: a million credits. */
export const CREDIT_ADJUSTMENT_MAX = 1_000_000;

export const refundBodySchema = staffActionSchema
  .extend({
    invoice_id: z.string().min(1, 'Choose an invoice.').max(64),
    amount_cents: z
      .number({ error: 'Enter the amount in cents.' })
      .int('Enter the amount in whole cents.')
      .min(1, 'Refund at least $0.01.'),
  })
  .meta({ id: 'AdminRefund' });
export type RefundBody = z.infer<typeof refundBodySchema>;

export const creditAdjustmentBodySchema = staffActionSchema
  .extend({
    credits: z
      .number({ error: 'Enter the credits to grant or remove.' })
      // Judged in the hundredths the ledger keeps: 1e-9 credits is 0, not "Removed -0 credits".
      .refine((n) => creditsToCc(n) !== 0, 'Enter credits other than 0.')
      .refine(
        (n) => Math.abs(n) <= CREDIT_ADJUSTMENT_MAX,
        `Adjust at most ${formatCredits(CREDIT_ADJUSTMENT_MAX)} credits at once.`,
      )
      // Credits are kept in hundredths (docs/billing.md): two decimals at most.
      .refine(
        (n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
        'Use at most two decimals.',
      ),
  })
  .meta({ id: 'AdminCreditAdjustment' });
export type CreditAdjustmentBody = z.infer<typeof creditAdjustmentBodySchema>;

export const staffPlanChangeBodySchema = staffActionSchema
  // The portal's plan id, in its one spelling: a plan sent in another case or with spaces is the same plan.
  .extend({ plan: planIdSchema })
  .meta({ id: 'AdminPlanChange' });
export type StaffPlanChangeBody = z.infer<typeof staffPlanChangeBodySchema>;

export const staffReasonBodySchema = staffActionSchema.meta({ id: 'AdminReason' });

/** A pause on the customer's behalf: the customer's own request (the same rules), with the reason. */
export const staffPauseBodySchema = staffActionSchema
  .extend(pauseRequestSchema.shape)
  .meta({ id: 'AdminPauseRequest' });
export type StaffPauseBody = z.infer<typeof staffPauseBodySchema>;

export const refundResultSchema = staffActionResultSchema
  .extend({ credit_note_number: z.string(), refunded_cents: z.number().int(), invoice_status: z.string() })
  .meta({ id: 'AdminRefundResult' });
export type RefundResult = z.infer<typeof refundResultSchema>;

export const creditAdjustmentResultSchema = staffActionResultSchema
  .extend({ credits: z.number(), credits_left: z.number() })
  .meta({ id: 'AdminCreditAdjustmentResult' });
export type CreditAdjustmentResult = z.infer<typeof creditAdjustmentResultSchema>;

export const staffSubscriptionResultSchema = staffActionResultSchema
  .extend({
    plan_id: z.string().nullable(),
    pending_plan_id: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
  })
  .meta({ id: 'AdminSubscriptionResult' });
export type StaffSubscriptionResult = z.infer<typeof staffSubscriptionResultSchema>;

/** A pause or resume on the customer's behalf answers the pause's state after it, as the customer's does. */
export const staffPauseResultSchema = staffActionResultSchema
  .extend(pauseResponseSchema.shape)
  .meta({ id: 'AdminPauseResult' });
export type StaffPauseResult = z.infer<typeof staffPauseResultSchema>;

export const chargeResultSchema = staffActionResultSchema.meta({ id: 'AdminChargeResult' });
export const chargePendingSchema = z
  .object({ code: z.string(), message: z.string() })
  .meta({ id: 'AdminChargePending' });

/** An invoice the console can act on: paid ones can be refunded, open ones charged again. */
export const actionInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.string(),
  issued_at: z.string(),
  summary: z.string(),
  total_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /** What may still be refunded: paid less refunded (0 for an open invoice). */
  refundable_cents: z.number().int(),
  /** The latest payment attempt's decline, for an open invoice. */
  last_failure: z.string().nullable(),
});
export type ActionInvoice = z.infer<typeof actionInvoiceSchema>;

export const actionInvoicesSchema = z
  .object({
    invoices: z.array(actionInvoiceSchema),
    plans: z.array(z.object({ id: z.string(), label: z.string() })),
    subscription: z.object({
      status: z.string(),
      plan_id: z.string().nullable(),
      pending_plan_id: z.string().nullable(),
      cancel_at_period_end: z.boolean(),
    }),
    credits_left: z.number(),
    /** The pause scheduled or under way and the resume dates a new one may take: Pause / Resume. */
    pause: pauseResponseSchema,
  })
  .meta({ id: 'AdminActionInvoices', description: 'What the money actions of an account can act on' });
export type ActionInvoices = z.infer<typeof actionInvoicesSchema>;

const money = (cents: number) => formatMoney(cents / 100);

export const ACCOUNT_ACTION_TEXT = {
  noInvoice: 'There is no such invoice on this account.',
  notRefundable: 'Only a paid invoice can be refunded.',
  overRefund: (leftCents: number) =>
    leftCents > 0
      ? `The refund amount (amount_cents) can be at most ${money(leftCents)}: what is paid and not yet refunded.`
      : 'The refund amount (amount_cents) cannot be refunded: this invoice has nothing left to refund.',
  refundKeyReused: 'This idempotency key was already used for a different refund.',
  refundFailed: (message: string) => `The card provider refused the refund: ${message}`,
  refunded: (cents: number, number: string) => `Refunded ${money(cents)}: credit note ${number}.`,
  refundPending:
    'The card provider has not confirmed the refund yet; try again in a minute with the same request.',
  granted: (credits: number) => `Granted ${formatCredits(credits)} credits.`,
  removed: (credits: number) => `Removed ${formatCredits(credits)} credits.`,
  overRemoval: (left: number) =>
    `The credits to remove can be at most ${formatCredits(left)}: what the account has available.`,
  noPeriod: 'The account has no open billing period to adjust.',
  changeCharges:
    'This change starts or renews a plan now and charges the card at once: the customer makes it in the portal.',
  planChanged: 'The plan change is scheduled for the end of the period.',
  planResumed: 'The scheduled change is dropped: the plan goes on as it is.',
  cancelled: 'The subscription ends with the current period.',
  reactivated: 'The cancellation is withdrawn: the subscription renews as before.',
  notCancelling:
    'There is no cancellation to withdraw: the subscription is not set to end. To drop a scheduled plan change, change the plan back to the current one.',
  charged: 'The invoice is paid.',
  chargePending: 'The charge is being confirmed by the card provider; check again in a minute.',
  alreadyPaid: 'This invoice is not open: there is nothing to charge.',
} as const;

/** The customer's email when a refund is made (queued with it). */
export const REFUND_EMAIL = {
  subject: (creditNote: string) => `Your refund: credit note ${creditNote}`,
  /** `why`: the reason, said to the customer, of a refund enQ billing made on its own (PLAN-13). */
  body: (name: string, cents: number, creditNote: string, invoice: string, why?: string) =>
    [
      `Hello ${name},`,
      '',
      `We have refunded ${money(cents)} of invoice ${invoice} to your card. Credit note ${creditNote} is on the Invoices page of your enQ portal.`,
      ...(why ? ['', why, ''] : []),
      'A refund usually reaches the card within 5 to 10 business days.',
      '',
      'enQ',
    ].join('\n'),
} as const;
