import { BUSINESS_TIME_ZONE, invoiceStatusLabel, type Address, type InvoiceDetail } from '@enq/contract';
import { createEnqPdf } from '../documents/pdf-document';

const money = (dollars: number) =>
  dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const credits = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

function addressLines(address: Address | null): string[] {
  if (!address) return ['(not on file)'];
  return [
    address.line1,
    address.line2,
    [address.city, address.state, address.postal_code].filter(Boolean).join(', '),
    address.country,
  ].filter((line) => line && line.trim() !== '');
}

/**
 * The invoice (or, with `refund`, the refund note) as a PDF, drawn from the stored invoice: number, dates,
 * period, lines, credits, totals, addresses, status and payments. Resolves to the whole file.
 */
export function renderInvoicePdf(
  invoice: InvoiceDetail & { account_name: string },
  refund = false,
): Promise<Buffer> {
  const { doc, done, left, width } = createEnqPdf({
    Title: `${refund ? 'Refund' : 'Invoice'} ${invoice.number}`,
    Subject: invoice.id,
  });
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#0f172a')
    .text(refund ? 'REFUND' : 'INVOICE', left, 56, { width, align: 'right' });

  const meta: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Invoice ID', invoice.id],
    ['Invoice date', day(invoice.timestamp)],
    ['Period', `${day(invoice.period_start)} - ${day(invoice.period_end)}`],
    ['Status', invoiceStatusLabel(invoice.status)],
  ];
  let y = 120;
  doc.fontSize(10);
  for (const [label, value] of meta) {
    doc.font('Helvetica-Bold').fillColor('#334155').text(label, left, y, { width: 110 });
    doc
      .font('Helvetica')
      .fillColor('#0f172a')
      .text(value, left + 115, y, { width: width - 115 });
    y += 16;
  }

  y += 12;
  const col = width / 2;
  doc.font('Helvetica-Bold').fillColor('#334155').text('Billed to', left, y);
  doc.text('Service address', left + col, y);
  y += 15;
  doc.font('Helvetica').fillColor('#0f172a');
  const billed = [invoice.account_name, ...addressLines(invoice.billing_address)].join('\n');
  const service = addressLines(invoice.service_address).join('\n');
  doc.text(billed, left, y, { width: col - 10 });
  const afterBilled = doc.y;
  doc.text(service, left + col, y, { width: col - 10 });
  y = Math.max(afterBilled, doc.y) + 20;

  const line = (yy: number) =>
    doc
      .moveTo(left, yy)
      .lineTo(left + width, yy)
      .strokeColor('#cbd5e1')
      .stroke();
  doc.font('Helvetica-Bold').fillColor('#334155');
  doc.text('Description', left, y, { width: width - 200 });
  doc.text('Quantity', left + width - 200, y, { width: 90, align: 'right' });
  doc.text('Amount', left + width - 100, y, { width: 100, align: 'right' });
  y += 16;
  line(y);
  y += 6;
  doc.font('Helvetica').fillColor('#0f172a');
  for (const l of invoice.lines) {
    doc.text(l.description, left, y, { width: width - 200 });
    doc.text(
      l.kind === 'overage' ? `${credits(l.quantity)} credits` : credits(l.quantity),
      left + width - 200,
      y,
      { width: 90, align: 'right' },
    );
    doc.text(money(l.amount), left + width - 100, y, { width: 100, align: 'right' });
    y = Math.max(doc.y, y + 14) + 4;
  }
  if (invoice.lines.length === 0) {
    doc.text('No charges', left, y);
    y += 18;
  }
  line(y);
  y += 8;
  const totals: [string, string][] = [
    ['Credits used', credits(invoice.credits_used)],
    ['Subscription', money(invoice.subscription)],
    [`Overage (${credits(invoice.overage_credits)} credits)`, money(invoice.overage)],
    ['Total', money(invoice.total)],
  ];
  for (const [label, value] of totals) {
    const bold = label === 'Total';
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fillColor('#0f172a');
    doc.text(label, left + width - 300, y, { width: 190, align: 'right' });
    doc.text(value, left + width - 100, y, { width: 100, align: 'right' });
    y += 16;
  }

  y += 16;
  doc
    .font('Helvetica-Bold')
    .fillColor('#334155')
    .text(refund ? 'Refunds' : 'Payments', left, y);
  y += 15;
  doc.font('Helvetica').fillColor('#0f172a');
  const entries = refund
    ? invoice.refunds.map(
        (r) => `${day(r.timestamp)}  ${money(r.amount)} refunded${r.reason ? ` (${r.reason})` : ''}  ${r.id}`,
      )
    : invoice.payments.map(
        (p) =>
          `${day(p.timestamp)}  ${money(p.amount)}  ${p.status}${p.card ? `  ${p.card.replace('••••', 'ending in')}` : ''}${
            p.failure_message ? `  ${p.failure_message}` : ''
          }`,
      );
  doc.text(entries.length ? entries.join('\n') : 'None', left, y, { width });
  if (refund) {
    const refunded = invoice.refunds.reduce((sum, r) => sum + r.amount, 0);
    doc
      .moveDown()
      .font('Helvetica-Bold')
      .text(`Total refunded: ${money(refunded)}`, left);
  }

  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#64748b')
    .text('Overage is billed at $0.01 per credit. Questions? Contact enQ support.', left, 720, {
      width,
      align: 'center',
    });
  doc.end();
  return done;
}
