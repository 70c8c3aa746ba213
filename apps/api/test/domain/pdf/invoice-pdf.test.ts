import { INVOICE_DOCUMENT_TEXT, invoiceDetailSchema, type InvoiceDetail } from '@enq/contract';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../../src/domain/pdf/invoice-pdf';
import { refundedInvoice, sampleInvoice } from '../../helpers/invoice-fixture';

async function readPdf(data: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const text = (await parser.getText()).text;
    const { info } = await parser.getInfo();
    return { text, info: info as Record<string, string> };
  } finally {
    await parser.destroy();
  }
}

/** pdfkit writes object dictionaries uncompressed, so the font dictionaries can be read as text. */
const rawPdf = (pdf: Buffer) => pdf.toString('latin1');

const INTERNAL_ID = /\b(in|pi|re)_[A-Za-z0-9]/;

function expectNoInternalIds(detail: InvoiceDetail, pdf: Buffer, text: string, info: Record<string, string>) {
  expect(text).not.toMatch(INTERNAL_ID);
  expect(Object.values(info).join(' ')).not.toMatch(INTERNAL_ID);
  const ids = [detail.id, ...detail.payments.map((p) => p.id), ...detail.refunds.map((r) => r.id)];
  for (const id of ids) expect(rawPdf(pdf)).not.toContain(id);
}

describe('invoice PDF', () => {
  it('prints the seller, buyer, lines, totals and payments as issued', async () => {
    const detail = sampleInvoice();
    const pdf = await renderInvoicePdf(detail);
    const { text, info } = await readPdf(pdf);

    for (const s of ['enQ Technologies, Inc.', '1209 Orange Street', 'Wilmington, DE 19801'])
      expect(text).toContain(s);
    expect(text).toContain('billing@enq.example');
    expect(text).toContain('Tax ID: EIN 12-3456789');
    for (const s of [
      'Harbor Pine Tax Advisors',
      'office@harborpine.example',
      '48 Harbor Pine Way',
      'Suite 210',
    ])
      expect(text).toContain(s);
    expect(text).toContain('Portland, ME 04101');
    expect(text).toContain('7 Commercial Street');
    expect(text).toContain('Taxable');

    expect(text).toContain('ENQ-202605-1A2B3C4D');
    expect(text).toMatch(/Invoice date\s+May 4, 2026/);
    expect(text).toMatch(/Period\s+Apr 4 – May 4, 2026/);
    expect(text).toContain('Period close');
    expect(text).toMatch(/Status\s+Paid/);

    expect(text).toMatch(/Team plan, monthly\s+May 4 – Jun 4, 2026\s+1\s+\$300\.00/);
    expect(text).toMatch(/Credits used within the plan\s+Apr 4 – May 4, 2026\s+34,000\.00\s+\$0\.00/);
    expect(text).toMatch(
      /Overage credits at \$0\.01 per credit\s+Apr 4 – May 4, 2026\s+5,750\.50\s+\$57\.50/,
    );

    expect(text).toMatch(/Subtotal\s+\$357\.50/);
    expect(text).toMatch(/Tax \(Taxable, 0%\)\s+\$0\.00/);
    expect(text).toMatch(/Total\s+\$357\.50/);
    expect(text).toMatch(/Amount paid\s+\$357\.50/);
    expect(text).toMatch(/Amount due\s+\$0\.00/);

    // The failure message sits under the status, so text extraction reads it before the card.
    expect(text).toMatch(/May 4, 2026\s+\$357\.50\s+Failed\s+Your card was declined\.\s+Visa ending in 0002/);
    expect(text).toMatch(/May 5, 2026\s+\$357\.50\s+Succeeded\s+Visa ending in 4242/);

    expect(info.Title).toBe('Invoice ENQ-202605-1A2B3C4D');
    expect(info.Author).toBe('enQ Technologies, Inc.');
    expectNoInternalIds(detail, pdf, text, info);
  });

  it("uses the dialog's words (INVOICE_DOCUMENT_TEXT): Invoice date, Bill to, the country by name", async () => {
    const { text } = await readPdf(await renderInvoicePdf(sampleInvoice()));
    expect(INVOICE_DOCUMENT_TEXT).toMatchObject({ invoiceDate: 'Invoice date', billTo: 'Bill to' });
    // Block headings print in capitals ('BILL TO'), as the dialog shows them (CSS uppercase).
    const words = text.toLowerCase();
    for (const word of Object.values(INVOICE_DOCUMENT_TEXT)) expect(words).toContain(word.toLowerCase());
    expect(text).toMatch(/Invoice date\s+May 4, 2026/);
    expect(words).not.toContain('issue date');
    expect(words).not.toContain('billed to');
    // The buyer's country as the seller's is written, on both the billing and the service address.
    expect(text).toMatch(/Portland, ME 04101\s+(.*\s+)?United States/);
    expect(text).not.toMatch(/\bUS\b/);
  });

  it('prints an exempt, unpaid invoice with its tax status and the amount due', async () => {
    const base = sampleInvoice();
    const detail = sampleInvoice({
      status: 'open',
      tax: { status: 'Exempt', rate_percent: 0, amount: 0 },
      buyer: { ...base.buyer, tax_status: 'Exempt', service_address: null },
      amount_paid: 0,
      amount_due: 357.5,
      payments: [],
    });
    const { text } = await readPdf(await renderInvoicePdf(detail));
    expect(text).toMatch(/Tax \(Exempt\)\s+\$0\.00/);
    expect(text).toMatch(/Amount due\s+\$357\.50/);
    expect(text).toMatch(/Status\s+Unpaid/);
    expect(text).toContain('Not on file');
    expect(text).toContain('No payments recorded.');
  });

  it.each(['Zoë Łukasiewicz-Øvergård', 'Дмитрий Иванов', 'Αλέξανδρος'])(
    'embeds its font, so the buyer %s prints back exactly',
    async (name) => {
      const base = sampleInvoice();
      const pdf = await renderInvoicePdf(sampleInvoice({ buyer: { ...base.buyer, name } }));
      const { text } = await readPdf(pdf);
      expect(text).toContain(name);
      const raw = rawPdf(pdf);
      expect(raw).toMatch(/\/FontFile[23]\b/);
      expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
      expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    },
  );

  it('breaks many lines across pages, every line printed once', async () => {
    const base = sampleInvoice();
    const lines = Array.from({ length: 80 }, (_, i) => ({
      ...base.lines[2]!,
      description: `Overage line ${i + 1}`,
    }));
    const pdf = await renderInvoicePdf(sampleInvoice({ lines }));
    const { text } = await readPdf(pdf);
    for (let i = 1; i <= 80; i++) expect(text.match(new RegExp(`Overage line ${i}\\b`, 'g'))).toHaveLength(1);
    expect(text).toMatch(/Page 1 of [3-9]/);
    expect(text).toMatch(/Amount due\s+\$0\.00/);
  });

  it('prints the credit note with its own number and the invoice it credits', async () => {
    const detail = refundedInvoice();
    const pdf = await renderInvoicePdf(detail, true);
    const { text, info } = await readPdf(pdf);
    expect(text).toContain('Credit note');
    expect(text).toContain('ENQ-202605-1A2B3C4D-CN1');
    expect(text).toContain('Credit note for invoice ENQ-202605-1A2B3C4D');
    expect(text).toContain('Overage billed twice');
    expect(text).toMatch(/Issue date\s+May 12, 2026/);
    expect(text).toMatch(/Credited by this note\s+-\$57\.50/);
    expect(text).toContain('enQ Technologies, Inc.');
    expect(text).toContain('Harbor Pine Tax Advisors');
    expect(text).toContain('48 Harbor Pine Way');
    expect(info.Title).toBe('Credit note ENQ-202605-1A2B3C4D-CN1');
    expect(info.Author).toBe('enQ Technologies, Inc.');
    expectNoInternalIds(detail, pdf, text, info);
  });

  it('the fixture is a valid InvoiceDetail', () => {
    expect(() => invoiceDetailSchema.parse(refundedInvoice())).not.toThrow();
  });
});
