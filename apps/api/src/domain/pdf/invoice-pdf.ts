import {
  INVOICE_DOCUMENT_TEXT as WORDS,
  cardLabel,
  invoiceStatusLabel,
  paymentStatusLabel,
  taxLabel,
  type InvoiceDetail,
} from '@enq/contract';
import { createEnqPdf } from './pdf-document';
import { Sheet, type Column } from './invoice-pdf-layout';
import { drawHead } from './invoice-pdf-parties';
import { day, lineQuantity, money, period } from './invoice-pdf-text';
import { drawCreditNote } from './credit-note-pdf';

const LINE_COLUMNS: Column[] = [
  { title: 'Description', width: 190 },
  { title: 'Period', width: 130 },
  { title: 'Quantity', width: 85, align: 'right' },
  { title: 'Amount', width: 95, align: 'right' },
];
const PAYMENT_COLUMNS: Column[] = [
  { title: 'Date', width: 95 },
  { title: 'Amount', width: 85, align: 'right' },
  { title: 'Status', width: 150 },
  { title: 'Card', width: 170 },
];

function drawInvoice(sheet: Sheet, detail: InvoiceDetail): void {
  drawHead(sheet, detail, 'Invoice', detail.number, [
    [WORDS.invoiceNumber, detail.number],
    [WORDS.invoiceDate, day(detail.timestamp)],
    [WORDS.period, period(detail.period_start, detail.period_end)],
    ['For', detail.summary],
    [WORDS.status, invoiceStatusLabel(detail.status)],
  ]);

  sheet.table(
    LINE_COLUMNS,
    detail.lines.map((line) => [
      line.description,
      period(line.period_start, line.period_end),
      lineQuantity(line),
      money(line.amount),
    ]),
  );
  if (detail.lines.length === 0) sheet.note('No charges.');
  sheet.totals([
    { label: 'Subtotal', value: money(detail.subtotal) },
    { label: taxLabel(detail.tax), value: money(detail.tax.amount) },
    { label: 'Total', value: money(detail.total), strong: true },
    { label: 'Amount paid', value: money(detail.amount_paid) },
    ...(detail.amount_refunded > 0
      ? [{ label: 'Amount refunded', value: money(detail.amount_refunded) }]
      : []),
    { label: 'Amount due', value: money(detail.amount_due), strong: true, shade: true },
  ]);

  sheet.sectionHeading('Payments');
  if (detail.payments.length === 0) sheet.note('No payments recorded.');
  else
    sheet.table(
      PAYMENT_COLUMNS,
      detail.payments.map((p) => [
        day(p.timestamp),
        money(p.amount),
        p.failure_message
          ? { text: paymentStatusLabel(p.status), note: p.failure_message }
          : paymentStatusLabel(p.status),
        cardLabel(p.card) || '—',
      ]),
    );
  if (detail.refunds.length) {
    sheet.y += 16;
    sheet.sectionHeading('Refunds');
    sheet.table(
      [
        { title: 'Date', width: 95 },
        { title: 'Credit note', width: 190 },
        { title: 'Amount', width: 85, align: 'right' },
        { title: 'Reason', width: 130 },
      ],
      detail.refunds.map((r) => [day(r.timestamp), r.number, money(r.amount), r.reason ?? '—']),
    );
  }
}

/**
 * The invoice as a PDF or, with `refund`, its credit note(s): one page per refund, each with its own
 * number. Everything printed comes from the invoice detail as issued; internal ids (invoice, payment,
 * refund handles) never appear. Resolves to the whole file.
 */
export async function renderInvoicePdf(detail: InvoiceDetail, refund = false): Promise<Buffer> {
  if (refund && detail.refunds.length === 0) throw new Error('This invoice has no refund.');
  const numbers = detail.refunds.map((r) => r.number);
  const { doc, tags, done, left, width } = await createEnqPdf(
    refund
      ? {
          Title: `${numbers.length > 1 ? 'Credit notes' : 'Credit note'} ${numbers.join(', ')}`,
          Subject: `Credit note for invoice ${detail.number}, made out to ${detail.buyer.name}`,
          Author: detail.seller.name,
        }
      : {
          Title: `Invoice ${detail.number}`,
          Subject: `${detail.summary} invoice for ${detail.buyer.name}, ${period(detail.period_start, detail.period_end)}`,
          Author: detail.seller.name,
        },
    { bufferPages: true },
  );
  const sheet = new Sheet(doc, left, width, tags);
  if (refund) {
    detail.refunds.forEach((r, i) => {
      if (i > 0) doc.addPage();
      drawCreditNote(sheet, detail, r);
    });
  } else drawInvoice(sheet, detail);
  const what = refund ? `Credit note for invoice ${detail.number}` : `Invoice ${detail.number}`;
  sheet.footer(
    `${detail.seller.name} · ${detail.seller.email}`,
    (page, pages) => `${what} · Page ${page} of ${pages}`,
  );
  doc.end();
  return done;
}
