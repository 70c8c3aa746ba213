import { cardBrandLabel, centsToDollars } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { queueEmail } from '../mail';
import type { OutgoingEmail } from '../ports/mailer';
import { day, money } from '../pdf';
import { findReceipt, type ReceiptRow } from './invoices-view-repository';

/** The outbox kind of a receipt. */
export const INVOICE_RECEIPT_KIND = 'invoice-receipt';

function card(row: ReceiptRow): string | null {
  if (!row.card_last4) return null;
  return row.card_brand
    ? `${cardBrandLabel(row.card_brand)} ending in ${row.card_last4}`
    : `card ending in ${row.card_last4}`;
}

/** The receipt email of a paid invoice, with the invoice PDF attached (rendered when it is sent). */
export function invoiceReceiptEmail(accountId: string, invoiceId: string, row: ReceiptRow): OutgoingEmail {
  const paidWith = card(row);
  return {
    accountId,
    kind: INVOICE_RECEIPT_KIND,
    to: row.email,
    subject: `Receipt for enQ invoice ${row.number}`,
    text: [
      `Hello ${row.full_name},`,
      '',
      `Thank you for your payment. This is your receipt for enQ invoice ${row.number}.`,
      '',
      `Invoice: ${row.number}`,
      `Amount paid: ${money(centsToDollars(row.amount_cents))}`,
      `Paid on: ${day(new Date(row.paid_at).toISOString())}`,
      ...(paidWith ? [`Paid with: ${paidWith}`] : []),
      '',
      'The invoice is attached as a PDF. It is also on the Invoices page of the enQ portal.',
    ].join('\n'),
    attachment: { kind: 'invoice_pdf', account_id: accountId, invoice_id: invoiceId },
  };
}

/**
 * Queues the receipt of a paid invoice, read from the database. Written in the caller's transaction, the
 * one that records the payment as succeeded: the receipt exists exactly when the payment does. Answers
 * the outbox id, or null when there is nothing to send (no succeeded payment on the invoice, or no
 * account holder).
 */
export async function queueInvoiceReceipt(
  q: Transactional,
  accountId: string,
  invoiceId: string,
): Promise<number | null> {
  const row = await findReceipt(q, accountId, invoiceId);
  if (!row) return null;
  return queueEmail(q, invoiceReceiptEmail(accountId, invoiceId, row));
}
