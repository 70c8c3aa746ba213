import type { InvoiceDetail } from '@enq/contract';
import { drawEnqBrand } from './pdf-document';
import type { Sheet } from './invoice-pdf-layout';
import { drawHead } from './invoice-pdf-parties';
import { day, money, period } from './invoice-pdf-text';

type Refund = InvoiceDetail['refunds'][number];

/**
 * One credit note on its own page: its number, the invoice it credits (by number), the same seller and
 * buyer as that invoice, and the amount credited with its reason and date.
 */
export function drawCreditNote(sheet: Sheet, detail: InvoiceDetail, refund: Refund): void {
  const { doc, left, tags } = sheet;
  if (doc.bufferedPageRange().count > 1) drawEnqBrand(tags, left);
  drawHead(sheet, detail, 'Credit note', refund.number, [
    ['Credit note', refund.number],
    ['Issue date', day(refund.timestamp)],
    ['Invoice', detail.number],
    ['Invoice date', day(detail.timestamp)],
    ['Period', period(detail.period_start, detail.period_end)],
  ]);

  sheet.note(
    `Credit note for invoice ${detail.number} (${detail.summary}), issued ${day(detail.timestamp)}.`,
  );
  sheet.table(
    [
      { title: 'Description', width: 200 },
      { title: 'Reason', width: 190 },
      { title: 'Amount', width: 110, align: 'right' },
    ],
    [[`Refund on invoice ${detail.number}`, refund.reason ?? '—', money(-refund.amount)]],
  );
  sheet.totals([
    { label: 'Invoice total', value: money(detail.total) },
    { label: 'Credited by this note', value: money(-refund.amount), strong: true },
    ...(detail.refunds.length > 1
      ? [{ label: 'Credited on the invoice in all', value: money(-detail.amount_refunded) }]
      : []),
  ]);
}
