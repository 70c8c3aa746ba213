import { cardBrandLabel } from './billing';
import { ERROR_CODES } from './common';
import type { InvoiceDto } from './invoices-schemas';

// Invoices' texts and helpers (INV-01..); the API's schemas are in invoices-schemas.ts.

/** The header of POST /invoices/pay/'s idempotency key (payInvoiceSchema says how it is used). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * The 202 answer of POST /invoices/pay/ while the provider's answer is unknown (a timeout, a crash): the
 * attempt is resolved in the background by asking the provider, never by charging again. A start or a
 * renewal in that state answers 409 with the same code and text (INVOICE_TEXT.paymentPending).
 */
export const PAYMENT_PENDING_CODE = ERROR_CODES.paymentPending;

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
  paymentPending: 'Your payment is being confirmed. This page updates when it is done.',
  /** What a row shows instead of Pay now while its payment awaits the provider's answer. */
  confirmingPayment: 'Confirming payment',
  confirmPay: 'Confirm payment',
  cancelPay: 'Cancel',
} as const;

/** The Pay now dialog's title: 'Pay invoice ENQ-202611-1A2B3C4D'. */
export const payConfirmTitle = (number: string): string => `Pay invoice ${number}`;

/**
 * The Pay now dialog's question, naming the amount and the card that will be charged: 'Pay $510.00 now
 * with Visa ending in 4242?'. `card` is null when none is on file, undefined while it is not yet known.
 */
export function payConfirmQuestion(
  amount: string,
  card: { brand: string; last4: string } | null | undefined,
): string {
  if (card) return `Pay ${amount} now with ${cardBrandLabel(card.brand)} ending in ${card.last4}?`;
  if (card === null) return `Pay ${amount} now? There is no card on file: add one on the Billing page first.`;
  return `Pay ${amount} now with the card on file?`;
}

/** 'Error paying invoice', plus ': ' and the server message when there is one (INV-10). */
export const payErrorMessage = (serverMessage?: string | null): string =>
  serverMessage ? `${INVOICE_TEXT.payError}: ${serverMessage}` : INVOICE_TEXT.payError;

/** 'open' shows 'Unpaid'; every other status capitalised ('Refunded', 'Paid', 'Void') (INV-05..07). */
export function invoiceStatusLabel(status: string): string {
  if (status === 'open') return 'Unpaid';
  return status ? status[0]!.toUpperCase() + status.slice(1) : status;
}

export const isPayable = (invoice: Pick<InvoiceDto, 'status'>): boolean => invoice.status === 'open';

/** The download's file name, e.g. `enq-invoice-ENQ-202611-1A2B3C4D.pdf` or `enq-credit-note-….pdf`. */
export const invoiceFilename = (number: string, isRefund: boolean): string =>
  `enq-${isRefund ? 'credit-note' : 'invoice'}-${number}.pdf`;
