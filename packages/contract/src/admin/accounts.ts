import { z } from 'zod';
import { accountTaxSchema, taxStatusSchema } from '../billing-schemas';
import { formatMoney } from '../format';
import { pauseInfoSchema } from '../pause';
import { staffReasonSchema } from './staff-schemas';

/**
 * The operator console's accounts (CONS): one search box that finds an account by its name, any
 * person's email, a PIN, an invoice or credit-note number, or a card's last four; the account page;
 * its internal notes; and the actions support and finance take on it (tax status, resending an invoice
 * email), each with a reason and an Idempotency-Key.
 */
export const ACCOUNT_SEARCH_LIMIT = 25;
export const ACCOUNT_LEDGER_LIMIT = 50;
export const ACCOUNT_NOTE_MAX = 2000;

export const ACCOUNTS_ADMIN_PATHS = {
  search: (q: string) => `/accounts?q=${encodeURIComponent(q)}`,
  account: (accountId: string) => `/accounts/${encodeURIComponent(accountId)}`,
  activity: (accountId: string, page: number) =>
    `/accounts/${encodeURIComponent(accountId)}/activity?page=${page}`,
  notes: (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/notes`,
  taxStatus: (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/tax-status`,
  resend: (accountId: string, invoiceId: string) =>
    `/accounts/${encodeURIComponent(accountId)}/invoices/${encodeURIComponent(invoiceId)}/resend`,
} as const;

export const ACCOUNTS_TEXT = {
  title: 'Accounts',
  /** The period's days as the customer's overview counts them: '11 of 30'. */
  daysLeft: (left: number, days: number) => `${left} of ${days}`,
  intro: "Find an account by its name, anyone's email, a PIN, an invoice number or a card's last four.",
  searchLabel: 'Search accounts',
  searchPlaceholder: 'Name, email, PIN, invoice number or last four',
  recent: 'Most recent accounts',
  results: 'Matching accounts',
  noMatch: 'No accounts match',
  noMatchHint: 'Check the spelling, or search by another detail: a PIN has 6 digits, a card 4.',
  notFound: 'No such account.',
  invoiceNotFound: 'No such invoice on this account.',
  noReceipt: 'This invoice has no payment, so there is no receipt email to send.',
  exemptionRequired:
    'Enter the exemption reference: an exempt account is exempt under a certificate or letter.',
  noteRequired: 'Enter the note.',
  noteAdded: 'Note added.',
  resent: (number: string, email: string) => `The receipt for ${number} is queued to ${email}.`,
  taxSet: (text: string) => `Tax status set to ${text}. Invoices issued from now on use it.`,
  /** What the account page says is scheduled (CONS-07); the date follows each, named in New York time. */
  scheduled: {
    cancellation: 'The subscription ends',
    planChange: (plan: string) => `Plan changes to ${plan}`,
    priceChange: (plan: string, dollars: number, per: 'mo' | 'yr') =>
      `${plan} at ${formatMoney(dollars)} per ${per === 'yr' ? 'year' : 'month'}`,
  },
  /** The amount overdue (CONS-08): the portal's amount due across the open invoices. */
  overdue: (dollars: number) => `${formatMoney(dollars)} overdue`,
  paymentOverdue: 'Payment overdue',
  datesZone: 'Dates and times are New York time (EST/EDT).',
  matched: {
    name: 'Account name',
    email: (who: string) => `Email of ${who}`,
    pin: (who: string) => `PIN of ${who}`,
    invoice: (number: string) => `Invoice ${number}`,
    creditNote: (number: string) => `Credit note ${number}`,
    card: (brand: string, last4: string) => `${brand} card ending ${last4}`,
    recent: 'Recently created',
  },
} as const;

export const accountSearchQuerySchema = z.object({
  q: z.string().max(200, 'Keep the search to 200 characters.').optional().default(''),
});

export const accountSearchResultSchema = z
  .object({
    account_id: z.string(),
    name: z.string(),
    status: z.string(),
    plan_name: z.string().nullable(),
    admin_name: z.string().nullable(),
    admin_email: z.string().nullable(),
    paused: z.boolean().meta({ description: "the plan's pause is under way (the list marks it Paused)" }),
    matched: z.string().meta({ description: 'what the search matched, e.g. "PIN of Priya Raman"' }),
  })
  .meta({ id: 'AdminAccountSearchResult' });
export type AccountSearchResult = z.infer<typeof accountSearchResultSchema>;

export const accountSearchResponseSchema = z
  .object({ results: z.array(accountSearchResultSchema) })
  .meta({ id: 'AdminAccountSearch' });
export type AccountSearchResponse = z.infer<typeof accountSearchResponseSchema>;

/** Malformed ids are not refused as bad input: they name no account, so they answer 404. */
export const adminAccountParamsSchema = z.object({ accountId: z.string() });
export const adminInvoiceParamsSchema = z.object({ accountId: z.string(), invoiceId: z.string() });
export const adminActivityQuerySchema = z.object({ page: z.coerce.number().int().min(1).default(1) });

const ledgerEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  bucket: z.string(),
  kind: z.string(),
  credits: z.number().meta({ description: 'positive for grants, negative for uses' }),
  note: z.string().nullable(),
});

const adminPaymentSchema = z.object({
  id: z.string(),
  at: z.string(),
  amount: z.number(),
  status: z.string(),
  card: z.string().nullable(),
  failure_message: z.string().nullable(),
});

const adminRefundSchema = z.object({
  id: z.string(),
  number: z.string(),
  at: z.string(),
  amount: z.number(),
  reason: z.string().nullable(),
});

/** A dispute of the invoice's charge by the cardholder's bank (the provider's charge.dispute.* events). */
const adminDisputeSchema = z.object({
  id: z.string(),
  /** Stripe's status: needs_response, under_review, won, lost, warning_closed, … */
  status: z.string(),
  amount: z.number(),
  reason: z.string(),
  at: z.string(),
});

export const adminInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  summary: z.string(),
  issued_at: z.string(),
  status: z.string(),
  total: z.number(),
  payments: z.array(adminPaymentSchema),
  refunds: z.array(adminRefundSchema),
  /** The newest dispute of the invoice's charge; null when none. */
  dispute: adminDisputeSchema.nullable(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

export const accountNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  staff_name: z.string(),
  at: z.string(),
});
export type AccountNote = z.infer<typeof accountNoteSchema>;

export const scheduledChangeSchema = z.object({
  kind: z.enum(['cancellation', 'plan_change', 'price_change']),
  at: z.string().meta({ description: 'when it takes effect (ISO 8601)' }),
  text: z.string().meta({ description: 'what changes, e.g. "Firm monthly at $790.00 per month"' }),
});
export type ScheduledChange = z.infer<typeof scheduledChangeSchema>;

export const adminAccountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.string(),
    created_at: z.string(),
    tax: accountTaxSchema,
    subscription: z.object({
      status: z.string(),
      plan_name: z.string().nullable(),
      plan_period: z.string().nullable(),
      cancel_at_period_end: z.boolean(),
      pending_plan_id: z.string().nullable(),
      is_delinquent: z.boolean(),
      period_start: z.string().nullable(),
      period_end: z.string().nullable(),
      days_left: z.number().int().meta({ description: "as the customer's overview counts them" }),
      period_days: z.number().int().meta({ description: "the period's length in whole days; 0: none" }),
      scheduled_changes: z.array(scheduledChangeSchema).meta({
        description: "changes scheduled for the period's end and catalogue price changes, soonest first",
      }),
      pause: pauseInfoSchema.nullable().meta({
        description:
          "the pause scheduled at the period's end or under way, as the customer's overview reads it",
      }),
    }),
    amount_overdue: z.number().meta({
      description: "US dollars still to pay on the open invoices: the portal's Invoices amount due",
    }),
    usage: z.object({
      credits_used: z.number(),
      plan_credits: z.number().meta({ description: "the period's plan credits, used and left" }),
      plan_credits_left: z.number(),
      rollover_credits_left: z.number(),
      bonus_credits_left: z.number(),
      overage_credits: z.number(),
      overage_dollars: z.number(),
    }),
    ledger: z.object({
      entries: z.array(ledgerEntrySchema),
      balances: z.object({ plan: z.number(), rollover: z.number(), bonus: z.number() }),
    }),
    invoices: z.array(adminInvoiceSchema),
    users: z.array(
      z.object({
        id: z.string(),
        full_name: z.string(),
        email: z.string(),
        is_admin: z.boolean(),
        pin: z.string().nullable().meta({ description: 'masked: all but the last 4 characters' }),
      }),
    ),
    notes: z.array(accountNoteSchema),
  })
  .meta({ id: 'AdminAccount', description: 'One account as the operator console shows it' });
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const accountNoteBodySchema = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, ACCOUNTS_TEXT.noteRequired)
      .max(ACCOUNT_NOTE_MAX, 'Keep the note to 2000 characters.'),
  })
  .meta({ id: 'AdminAccountNoteBody' });

export const taxStatusBodySchema = z
  .object({
    tax_status: taxStatusSchema,
    exemption_reference: z.string().trim().max(100, 'Keep the reference to 100 characters.').nullish(),
    reason: staffReasonSchema,
  })
  .superRefine((body, ctx) => {
    if (body.tax_status === 'exempt' && !body.exemption_reference)
      ctx.addIssue({
        code: 'custom',
        path: ['exemption_reference'],
        message: ACCOUNTS_TEXT.exemptionRequired,
      });
  })
  .meta({ id: 'AdminTaxStatusBody' });
export type TaxStatusBody = z.infer<typeof taxStatusBodySchema>;

export const resendBodySchema = z.object({ reason: staffReasonSchema }).meta({ id: 'AdminResendBody' });
