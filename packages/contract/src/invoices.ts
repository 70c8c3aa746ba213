import { z } from 'zod';
import { addressSchema } from './address';

export const invoiceStatusSchema = z.enum(['open', 'paid', 'void', 'refunded']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/**
 * One invoice row (API-17). Units as in subscription.ts: `total` in US dollars, `credits_used` in credits
 * (numbers with up to two decimals); times are ISO 8601.
 */
export const invoiceSchema = z
  .object({
    id: z.string(),
    number: z
      .string()
      .meta({ description: "the invoice number printed on the PDF, e.g. 'ENQ-202611-1A2B3C4D'" }),
    timestamp: z.string().meta({ description: 'issued at, ISO 8601' }),
    period_start: z.string(),
    period_end: z.string(),
    total: z.number().meta({ description: 'US dollars' }),
    status: invoiceStatusSchema,
    credits_used: z.number().meta({ description: 'credits' }),
    has_refund: z.boolean().meta({ description: 'a refund PDF exists (download with is_refund=true)' }),
  })
  .meta({ id: 'Invoice' });
export type InvoiceDto = z.infer<typeof invoiceSchema>;

export const invoicesResponseSchema = z.object({ invoices: z.array(invoiceSchema) }).meta({ id: 'Invoices' });
export type InvoicesResponse = z.infer<typeof invoicesResponseSchema>;

export const invoiceLineSchema = z.object({
  kind: z.string(),
  description: z.string(),
  quantity: z.number().meta({ description: 'credits for overage lines, 1 for the subscription' }),
  amount: z.number().meta({ description: 'US dollars' }),
});
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
  timestamp: z.string(),
  amount: z.number(),
  reason: z.string().nullable(),
});

export const invoiceDetailSchema = invoiceSchema
  .extend({
    subscription: z.number(),
    overage_credits: z.number(),
    overage: z.number(),
    lines: z.array(invoiceLineSchema),
    payments: z.array(invoicePaymentSchema),
    refunds: z.array(invoiceRefundSchema),
    service_address: addressSchema.nullable(),
    billing_address: addressSchema.nullable(),
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
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const payInvoiceResponseSchema = z
  .object({ message: z.string(), invoices: z.array(invoiceSchema) })
  .meta({ id: 'PayInvoiceResponse' });
export type PayInvoiceResponse = z.infer<typeof payInvoiceResponseSchema>;

export const INVOICE_PATHS = {
  root: '/invoices/',
  detail: '/invoices/detail/',
  download: '/invoices/download/',
  pay: '/invoices/pay/',
} as const;

export const INVOICES_PAGE_SIZE = 10;
export const INVOICE_DEFAULT_FILENAME = 'invoice.pdf';

export const INVOICE_COLUMNS = [
  'Invoice date',
  'Period',
  'Invoice ID',
  'Amount',
  'Credits used',
  'Status',
  'Download',
  'Details',
] as const;

export const INVOICE_TEXT = {
  payNow: 'Pay now',
  view: 'View',
  paid: 'Invoice paid successfully.',
  payError: 'Error paying invoice',
} as const;

/** 'Error paying invoice', plus ': ' and the server message when there is one (INV-10). */
export const payErrorMessage = (serverMessage?: string | null): string =>
  serverMessage ? `${INVOICE_TEXT.payError}: ${serverMessage}` : INVOICE_TEXT.payError;

/** 'open' shows 'Unpaid'; every other status capitalised ('Refunded', 'Paid', 'Void') (INV-05..07). */
export function invoiceStatusLabel(status: string): string {
  if (status === 'open') return 'Unpaid';
  return status ? status[0]!.toUpperCase() + status.slice(1) : status;
}

export const isPayable = (invoice: Pick<InvoiceDto, 'status'>): boolean => invoice.status === 'open';

/** The download's file name, e.g. `enq-invoice-ENQ-202611-1A2B3C4D.pdf` or `enq-refund-….pdf`. */
export const invoiceFilename = (number: string, isRefund: boolean): string =>
  `enq-${isRefund ? 'refund' : 'invoice'}-${number}.pdf`;
