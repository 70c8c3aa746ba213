import { HOW_TO_DIAL, LINES_TEXT, formatLineNumber, irsNumbers } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, renderLinesPdf, renderUsageSummaryPdf } from '../../../src/domain/pdf';
import { refundedInvoice, sampleInvoice } from '../../helpers/invoice-fixture';
import { linesPdfInput, usageSummaryInput } from '../../helpers/pdf-fixtures';
import { readPdfAccessibility, type PdfAccessibility } from '../../helpers/pdf-structure';

/*
 * Every PDF the portal issues, read by pdf.js (Firefox's PDF reader, a third party to pdfkit) as a
 * screen reader reads it: a tagged document in US English with its title, every text in a heading,
 * paragraph, list or table cell in reading order (page furniture marked as artifacts), and every font
 * carried in the file.
 */

/** The document-level promises every kind keeps. */
function expectAccessible(pdf: PdfAccessibility, title: string) {
  expect(pdf.marked).toBe(true);
  expect(pdf.lang).toBe('en-US');
  expect(pdf.title).toBe(title);
  expect(pdf.displayDocTitle).toBe(true);
  expect(pdf.untagged).toEqual([]);
  expect(pdf.fonts.length).toBeGreaterThan(0);
  expect(pdf.fonts.filter((f) => !f.embedded)).toEqual([]);
}

/** `role: text` of the elements outside tables, in reading order. */
const flow = (pdf: PdfAccessibility) =>
  pdf.tags.filter((t) => !t.path.includes('/TR')).map((t) => `${t.role}: ${t.text}`);

/** Asserts `expected` occur in `actual` in this order (others may come between). */
function expectInOrder(actual: string[], expected: string[]) {
  let at = 0;
  for (const item of expected) {
    const found = actual.indexOf(item, at);
    expect(found, `${item} after ${actual[at - 1] ?? 'the start'}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

describe('PDF accessibility, read by pdf.js', () => {
  it('an invoice: its headings, blocks and tables in reading order, the footer an artifact', async () => {
    const pdf = await readPdfAccessibility(await renderInvoicePdf(sampleInvoice()));
    expectAccessible(pdf, 'Invoice ENQ-202605-1A2B3C4D');
    expect(flow(pdf).filter((t) => /^H\d/.test(t))).toEqual([
      'H1: Invoice',
      'H2: FROM',
      'H2: BILL TO',
      'H2: SERVICE ADDRESS',
      'H2: TAX STATUS',
      'H2: Payments',
    ]);
    expectInOrder(flow(pdf), [
      'P: enQ',
      'H1: Invoice',
      'P: ENQ-202605-1A2B3C4D',
      'H2: FROM',
      'P: enQ Technologies, Inc.',
      'P: Tax ID: EIN 12-3456789',
      'H2: BILL TO',
      'P: Harbor Pine Tax Advisors',
      'P: office@harborpine.example',
      'H2: TAX STATUS',
      'P: Taxable',
    ]);
    expect(pdf.rows).toEqual([
      ['TH: Invoice number', 'TD: ENQ-202605-1A2B3C4D'],
      ['TH: Invoice date', 'TD: May 4, 2026'],
      ['TH: Period', 'TD: Apr 4 – May 4, 2026'],
      ['TH: For', 'TD: Period close'],
      ['TH: Status', 'TD: Paid'],
      ['TH: Description', 'TH: Period', 'TH: Quantity', 'TH: Amount'],
      ['TD: Team plan, monthly', 'TD: May 4 – Jun 4, 2026', 'TD: 1', 'TD: $300.00'],
      ['TD: Credits used within the plan', 'TD: Apr 4 – May 4, 2026', 'TD: 34,000.00', 'TD: $0.00'],
      ['TD: Overage credits at $0.01 per credit', 'TD: Apr 4 – May 4, 2026', 'TD: 5,750.50', 'TD: $57.50'],
      ['TH: Subtotal', 'TD: $357.50'],
      ['TH: Tax (Taxable, 0%)', 'TD: $0.00'],
      ['TH: Total', 'TD: $357.50'],
      ['TH: Amount paid', 'TD: $357.50'],
      ['TH: Amount due', 'TD: $0.00'],
      ['TH: Date', 'TH: Amount', 'TH: Status', 'TH: Card'],
      ['TD: May 4, 2026', 'TD: $357.50', 'TD: Failed Your card was declined.', 'TD: Visa ending in 0002'],
      ['TD: May 5, 2026', 'TD: $357.50', 'TD: Succeeded', 'TD: Visa ending in 4242'],
    ]);
    // The payments table is read after its heading, and the totals before it.
    const all = pdf.tags.map((t) => `${t.role}: ${t.text}`);
    expectInOrder(all, ['TD: $0.00', 'H2: Payments', 'TH: Date', 'TD: Visa ending in 4242']);
    expect(pdf.artifacts).toEqual([
      'enQ Technologies, Inc. · billing@enq.example',
      'Invoice ENQ-202605-1A2B3C4D · Page 1 of 1',
    ]);
  });

  it('a long invoice repeats its header row on the next page as an artifact, each line read once', async () => {
    const base = sampleInvoice();
    const lines = Array.from({ length: 60 }, (_, i) => ({ ...base.lines[2]!, description: `Line ${i + 1}` }));
    const pdf = await readPdfAccessibility(await renderInvoicePdf(sampleInvoice({ lines })));
    expectAccessible(pdf, 'Invoice ENQ-202605-1A2B3C4D');
    const firsts = pdf.rows.map((r) => r[0]!);
    expect(firsts.filter((c) => c === 'TH: Description')).toHaveLength(1);
    expect(firsts.filter((c) => /^TD: Line \d+$/.test(c))).toEqual(lines.map((l) => `TD: ${l.description}`));
    expect(pdf.artifacts).toEqual(expect.arrayContaining(['Description', 'Quantity', 'Amount']));
    expect(pdf.artifacts).toContainEqual(
      expect.stringMatching(/^Invoice ENQ-202605-1A2B3C4D · Page 2 of \d$/),
    );
  });

  it('a credit note: its own title, the refund and the amount credited as tables', async () => {
    const pdf = await readPdfAccessibility(await renderInvoicePdf(refundedInvoice(), true));
    expectAccessible(pdf, 'Credit note ENQ-202605-1A2B3C4D-CN1');
    expectInOrder(flow(pdf), [
      'H1: Credit note',
      'P: ENQ-202605-1A2B3C4D-CN1',
      'H2: BILL TO',
      'P: Credit note for invoice ENQ-202605-1A2B3C4D (Period close), issued May 4, 2026.',
    ]);
    expectInOrder(
      pdf.rows.map((r) => r.join(' | ')),
      [
        'TH: Credit note | TD: ENQ-202605-1A2B3C4D-CN1',
        'TH: Issue date | TD: May 12, 2026',
        'TH: Description | TH: Reason | TH: Amount',
        'TD: Refund on invoice ENQ-202605-1A2B3C4D | TD: Overage billed twice | TD: -$57.50',
        'TH: Credited by this note | TD: -$57.50',
      ],
    );
  });

  it('two credit notes: a page each, each read from its brand and title; the invoice lists both', async () => {
    const base = refundedInvoice();
    const second = { ...base.refunds[0]!, id: 're_sbx_2', number: `${base.number}-CN2`, reason: null };
    const detail = { ...base, amount_refunded: 115, refunds: [base.refunds[0]!, second] };
    const notes = await readPdfAccessibility(await renderInvoicePdf(detail, true));
    expectAccessible(notes, `Credit notes ${base.number}-CN1, ${base.number}-CN2`);
    expectInOrder(flow(notes), [
      'P: enQ',
      'H1: Credit note',
      `P: ${base.number}-CN1`,
      'P: enQ',
      'H1: Credit note',
      `P: ${base.number}-CN2`,
    ]);
    expect(notes.artifacts).toContain(`Credit note for invoice ${base.number} · Page 2 of 2`);

    const invoice = await readPdfAccessibility(await renderInvoicePdf(detail));
    expectAccessible(invoice, `Invoice ${base.number}`);
    expectInOrder(
      invoice.tags.map((t) => `${t.role}: ${t.text}`),
      ['H2: Payments', 'H2: Refunds', 'TH: Credit note', `TD: ${base.number}-CN1`, `TD: ${base.number}-CN2`],
    );
  });

  it('the lines PDF: the PIN in an embedded monospace face, the steps as a list, a table per market', async () => {
    const [holder, markets, link] = linesPdfInput();
    const pdf = await readPdfAccessibility(await renderLinesPdf(holder, markets, link));
    expectAccessible(pdf, 'enQ phone numbers');
    expect(pdf.fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'CourierPrime-Bold',
      'NotoSans-Bold',
      'NotoSans-Regular',
    ]);
    expectInOrder(flow(pdf), [
      'H1: PHONE NUMBERS',
      'P: Prepared for',
      'P: Alex Admin',
      'P: Your PIN',
      'P: 482 913',
      `H2: ${LINES_TEXT.howToStart}`,
      ...HOW_TO_DIAL.flatMap((step, i) => [`Lbl: ${i + 1}.`, `LBody: ${step}`]),
      'P: Keep your PIN private: calls made with it are billed to your account.',
      'P: Scan to save the enQ numbers to your phone',
      ...markets.map((m) => `H2: ${m.name}${m.isNew ? ` ${LINES_TEXT.newBadge}` : ''}`),
    ]);
    expect(pdf.tags.filter((t) => t.path === 'Document/L/LI/LBody')).toHaveLength(HOW_TO_DIAL.length);
    expect(pdf.figures).toEqual(['QR code: the enQ contact card']);
    // Each market: its header row, then every department (name and hours, enQ number, agency numbers).
    expect(pdf.rows.map((r) => r.join(' | '))).toEqual(
      markets.flatMap((m) => [
        'TH: DEPARTMENT AND HOURS (EASTERN) | TH: CALL ENQ | TH: AGENCY NUMBER',
        ...m.departments.map(
          (d) =>
            `TD: ${d.name_long} ${d.open_hours_text} | TD: ${formatLineNumber(d.display_number)} | ` +
            `TD: ${irsNumbers(d.irs_number).join(' ')}`,
        ),
      ]),
    );
    expect(pdf.artifacts).toContain('Page 2 of 2');
    expect(pdf.artifacts.filter((a) => a.startsWith('Keep this document private'))).toHaveLength(2);
  });

  it('the monthly usage summary: sections as headings over tables, the note as a paragraph', async () => {
    const pdf = await readPdfAccessibility(await renderUsageSummaryPdf(...usageSummaryInput()));
    expectAccessible(pdf, 'enQ usage summary');
    expect(flow(pdf)).toEqual([
      'P: enQ',
      'P: Fast access to tax-agency phone lines',
      'H1: USAGE SUMMARY',
      'P: Harbor Pine Tax Advisors',
      'P: Period: Mar 2, 2026 – Apr 2, 2026 (31 days)',
      'P: Plan: Solo monthly',
      'H2: Credits used',
      'H2: Top users',
      'H2: Top lines',
      'H2: Invoice',
      'P: Times and periods are in EST. The call-history CSV attached lists every call of this period.',
    ]);
    const all = pdf.tags.map((t) => `${t.role}: ${t.text}`);
    expectInOrder(all, [
      'H2: Credits used',
      'TH: Plan credits',
      'TD: 4,000.00',
      'TH: Total credits used',
      'TD: 4,800.00',
      'H2: Top users',
      'TH: Name',
      'TD: Alex Admin',
      'TD: 12',
      'TD: 3,600.00',
      'H2: Top lines',
      'TD: IRS Practitioner Priority Service',
      'H2: Invoice',
      'TH: Invoice number',
      'TD: ENQ-202604-1A2B3C4D',
      'TH: Invoice total',
      'TD: $107.50',
    ]);
  });
});
