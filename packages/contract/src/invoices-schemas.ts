import { z } from 'zod';
import { addressSchema } from './address';
import { IDEMPOTENCY_KEY_HEADER, PAYMENT_PENDING_CODE } from './invoices';

/** The Idempotency-Key header a money request carries: one key per action, retried with the same key. */
export const idempotencyKeyHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().min(8).max(200) });

// The Invoices API's schemas, apart from the texts and helpers in invoices.ts: a screen that shows those
// (Invoices' first load) does not build these.

export const invoiceStatusSchema = z.enum(['open', 'paid', 'void', 'refunded']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const invoiceKindSchema = z.enum(['start', 'period', 'interim']);
export type InvoiceKind = z.infer<typeof invoiceKindSchema>;

/**
 * One invoice row (API-17). Units as in subscription.ts: money in US dollars, `credits_used` in credits
 * (numbers with up to two decimals); times are ISO 8601. What Period and Credits used mean for each kind
 * is the rule in docs/billing.md: the period is the billing period the invoice settles (for a start
 * invoice, the period it prepays), and the credits are the sum of its credit lines.
 */
export const invoiceSchema = z
  .object({
    id: z.string().meta({ description: 'the API handle of the invoice; never shown to a person' }),
    number: z
      .string()
      .meta({ description: "the invoice number a person sees everywhere, e.g. 'ENQ-202611-1A2B3C4D'" }),
    kind: invoiceKindSchema,
    /** What the invoice is for, in words: 'Subscription', 'Period close', 'Interim: $300 mark'. */
    summary: z.string(),
    timestamp: z.string().meta({ description: 'issued at, ISO 8601' }),
    period_start: z.string(),
    period_end: z.string(),
    total: z.number().meta({ description: 'US dollars, tax included' }),
    amount_due: z.number().meta({ description: 'US dollars still to pay (0 unless open)' }),
    status: invoiceStatusSchema,
    credits_used: z.number().meta({ description: "credits: the sum of the invoice's credit lines" }),
    has_refund: z.boolean().meta({ description: 'a credit note exists (download with is_refund=true)' }),
    payment_pending: z.boolean().meta({
      description: "an attempt to pay it awaits the provider's answer; Pay now joins it instead of charging",
    }),
  })
  .meta({ id: 'Invoice' });
export type InvoiceDto = z.infer<typeof invoiceSchema>;

export const invoicesResponseSchema = z
  .object({
    invoices: z.array(invoiceSchema),
    amount_due: z.number().meta({ description: 'US dollars due across every open invoice' }),
  })
  .meta({ id: 'Invoices' });
export type InvoicesResponse = z.infer<typeof invoicesResponseSchema>;

/**
 * subscription: a plan's price for the period it prepays (quantity 1); included: credits used within the
 * plan, rollover and bonus credits (or beyond an annual plan's, never billed), $0; overage: credits billed
 * at $0.01 each. Every line names the period it bills.
 */
export const invoiceLineKindSchema = z.enum(['subscription', 'included', 'overage']);
export const invoiceLineSchema = z.object({
  kind: invoiceLineKindSchema,
  description: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  quantity: z
    .number()
    .meta({ description: 'credits for included and overage lines, 1 for the subscription' }),
  amount: z.number().meta({ description: 'US dollars' }),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePaymentSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  amount: z.number(),
  status: z.string(),
  card: z.string().nullable().meta({ description: "e.g. 'visa •••• 4242'" }),
  failure_message: z.string().nullable(),
});
export const invoiceRefundSchema = z.object({
  id: z.string(),
  /** The credit note's number, e.g. 'ENQ-202611-1A2B3C4D-CN1'. */
  number: z.string(),
  timestamp: z.string(),
  amount: z.number(),
  reason: z.string().nullable(),
});

/** Who issued the invoice, as it stood when the invoice was issued. */
export const invoiceSellerSchema = z.object({
  name: z.string(),
  address: z.array(z.string()).meta({ description: 'address lines, in print order' }),
  email: z.string(),
  tax_id: z.string(),
});
export type InvoiceSeller = z.infer<typeof invoiceSellerSchema>;

/** Who the invoice is made out to, as it stood when the invoice was issued. */
export const invoiceBuyerSchema = z.object({
  name: z.string(),
  email: z.string(),
  service_address: addressSchema.nullable(),
  billing_address: addressSchema.nullable(),
  tax_status: z.string(),
});
export type InvoiceBuyer = z.infer<typeof invoiceBuyerSchema>;

export const invoiceDetailSchema = invoiceSchema
  .extend({
    seller: invoiceSellerSchema,
    buyer: invoiceBuyerSchema,
    lines: z.array(invoiceLineSchema),
    subtotal: z.number().meta({ description: 'US dollars: the sum of the lines' }),
    tax: z.object({
      status: z.string(),
      rate_percent: z.number(),
      amount: z.number().meta({ description: 'US dollars' }),
    }),
    amount_paid: z.number(),
    amount_refunded: z.number(),
    payments: z.array(invoicePaymentSchema),
    refunds: z.array(invoiceRefundSchema),
  })
  .meta({ id: 'InvoiceDetail' });
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceIdQuerySchema = z.object({ invoice_id: z.string().min(1).max(64) });

/** GET /invoices/download/?invoice_id=&is_refund= (API-18). */
export const invoiceDownloadQuerySchema = z.object({
  invoice_id: z.string().min(1).max(64),
  is_refund: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/**
 * POST /invoices/pay/ (API-19). The idempotency key travels in the `Idempotency-Key` header (required):
 * the page makes one per pay attempt, so a double click or a resent request charges once.
 */
export const payInvoiceSchema = z
  .object({ invoice_id: z.string().min(1).max(64) })
  .meta({ id: 'PayInvoice' });
/**
 * The 200 answer: the invoice is paid. The list is not sent back: the page asks for it again (API-19), as
 * it does after every payment, so building it here would be done twice.
 */
export const payInvoiceResponseSchema = z.object({ message: z.string() }).meta({ id: 'PayInvoiceResponse' });
export type PayInvoiceResponse = z.infer<typeof payInvoiceResponseSchema>;

/** The 202 answer while the provider's answer is unknown (PAYMENT_PENDING_CODE, invoices.ts, says why). */
export const payInvoicePendingSchema = z
  .object({ code: z.literal(PAYMENT_PENDING_CODE), message: z.string() })
  .meta({ id: 'PayInvoicePending' });
export type PayInvoicePending = z.infer<typeof payInvoicePendingSchema>;
