import { addressLines, INVOICE_DOCUMENT_TEXT, type InvoiceDetail } from '@enq/contract';
import type { Sheet, TextLine } from './invoice-pdf-layout';

/**
 * Who issued the document and who it is made out to, as the invoice recorded them when it was issued
 * (never the account as it is today): seller at the top left, then the buyer's three blocks.
 */
export function sellerLines(detail: InvoiceDetail): TextLine[] {
  const { seller } = detail;
  return [
    { text: seller.name, bold: true },
    ...seller.address.map((text) => ({ text })),
    { text: seller.email },
    { text: `Tax ID: ${seller.tax_id}`, muted: true },
  ];
}

export function drawBuyer(sheet: Sheet, detail: InvoiceDetail): void {
  const { buyer } = detail;
  sheet.y += 18;
  sheet.columns([
    {
      heading: INVOICE_DOCUMENT_TEXT.billTo,
      // Emails are long and never wrap well: the buyer's block gets the widest share.
      weight: 1.6,
      lines: [
        { text: buyer.name, bold: true },
        { text: buyer.email },
        ...addressLines(buyer.billing_address).map((text) => ({ text })),
      ],
    },
    { heading: 'Service address', lines: addressLines(buyer.service_address).map((text) => ({ text })) },
    { heading: 'Tax status', lines: [{ text: buyer.tax_status }], weight: 0.6 },
  ]);
  sheet.y += 22;
}

/** A document's head: its title and number, the seller beside its facts, then the buyer's blocks. */
export function drawHead(
  sheet: Sheet,
  detail: InvoiceDetail,
  title: string,
  number: string,
  facts: [string, string][],
): void {
  const { left, width } = sheet;
  sheet.title(title, number);
  const top = sheet.y;
  const fromEnd = sheet.block(left, top, width - 260, INVOICE_DOCUMENT_TEXT.from, sellerLines(detail));
  const factsEnd = sheet.keyValues(left + width - 240, top, 240, facts);
  sheet.y = Math.max(fromEnd, factsEnd);
  drawBuyer(sheet, detail);
}
