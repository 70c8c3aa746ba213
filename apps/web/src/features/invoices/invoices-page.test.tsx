import {
  formatPeriod,
  INVOICE_DOCUMENT_TEXT,
  INVOICE_TEXT,
  MESSAGES,
  type InvoiceDetail,
  type InvoiceDto,
} from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { billingData } from '../../test/billing-data';
import { watchIntlUses } from '../../test/intl-uses';
import { jsonResponse, TestServices } from '../../test/utils';
import { BASE, LIST, fakeApi, invoice, renderInvoicesPage } from './invoice-fixtures';
import { InvoicesPage } from './invoices-page';

const api = fakeApi();
const renderPage = (list?: Parameters<typeof renderInvoicesPage>[1]) => renderInvoicesPage(api, list);

/** What GET /detail/ answers for a row: issued to Harbor & Pine, two lines, one failed payment. */
function detailOf(row: InvoiceDto): InvoiceDetail {
  return {
    ...row,
    seller: {
      name: 'enQ Communications, Inc.',
      address: ['100 Congress Avenue, Suite 2000', 'Austin, TX 78701'],
      email: 'billing@enq.example.com',
      tax_id: 'EIN 99-1234567',
    },
    buyer: {
      name: 'Harbor & Pine Tax Advisors',
      email: 'dana@example.com',
      service_address: null,
      billing_address: {
        line1: '1200 Harbor Pine Road',
        line2: '',
        city: 'Portland',
        state: 'ME',
        postal_code: '04101',
        country: 'US',
      },
      tax_status: 'Taxable',
    },
    lines: [
      {
        kind: 'subscription',
        description: 'Team plan, monthly, paid in advance',
        period_start: '2026-11-05T14:00:00.000Z',
        period_end: '2026-12-05T14:00:00.000Z',
        quantity: 1,
        amount: 300,
      },
      {
        kind: 'overage',
        description: 'Overage credits at $0.01 per credit',
        period_start: '2026-10-05T13:00:00.000Z',
        period_end: '2026-11-05T14:00:00.000Z',
        quantity: 24042.58,
        amount: 240.43,
      },
    ],
    subtotal: 540.43,
    tax: { status: 'Taxable', rate_percent: 0.67, amount: 3.6 },
    amount_paid: 0,
    amount_refunded: 0,
    payments: [
      {
        id: 'pi_1',
        timestamp: '2026-11-05T14:00:00.000Z',
        amount: 544.03,
        status: 'failed',
        card: 'visa •••• 4242',
        failure_message: 'Your card has insufficient funds.',
      },
    ],
    refunds: [],
  };
}

describe('the invoices page', () => {
  it("formats its amounts, credits and dates without Intl: a renderer's first formatter costs 25-120 ms", async () => {
    const intl = watchIntlUses();
    try {
      const table = await renderPage();
      const first = within(table).getAllByRole('row')[1]!.textContent!;
      expect(first).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
      expect(first).toMatch(/\$\d[\d,]*\.\d\d/);
      expect(intl.uses).toEqual([]);
    } finally {
      intl.restore();
    }
  });

  it('INV-01 INV-02 the eight columns and client-side pages of 10', async () => {
    const table = await renderPage();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Invoice date',
      'Period',
      'Invoice ID',
      'Amount',
      'Credits used',
      'Status',
      'Download',
      'Details',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
  });

  it("INV-04 INV-05 INV-06 INV-07 status labels; 'Pay now' only on the open invoice", async () => {
    const table = await renderPage();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Unpaid')).toBeTruthy();
    expect(within(rows[1]!).getByText('Refunded')).toBeTruthy();
    expect(within(rows[2]!).getByText('Void')).toBeTruthy();
    expect(within(rows[3]!).getByText('Paid')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Pay now/ })).toHaveLength(1);
    expect(within(rows[0]!).getByText('$321.00')).toBeTruthy();
    expect(within(rows[0]!).getByText('1,234.5')).toBeTruthy();
  });

  it('shows the amount due across the open invoices above the table, and each row says what it is for', async () => {
    const table = await renderPage([
      invoice(1, { status: 'open', total: 321, amount_due: 321 }),
      invoice(2, {
        status: 'open',
        total: 540.43,
        amount_due: 540.43,
        kind: 'interim',
        summary: 'Interim: $500 mark',
      }),
      invoice(3),
    ]);
    const due = screen.getByRole('region', { name: 'Amount due' });
    expect(due.textContent).toBe('Amount due$861.43 on 2 open invoices');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[1]!.textContent).toContain('Interim: $500 mark');
    expect(rows[2]!.textContent).toContain('Period close');
    expect(screen.getAllByRole('button', { name: /^Pay now/ })).toHaveLength(2);
  });

  it('writes each period as two dates that never break inside: a narrow column breaks after the dash', async () => {
    const table = await renderPage([invoice(1)]);
    const period = within(table).getAllByRole('row')[1]!.querySelectorAll('td')[1]!;
    const parts = [...period.querySelectorAll('.whitespace-nowrap')].map((part) => part.textContent);
    expect(parts).toHaveLength(2);
    expect(`${parts[0]} ${parts[1]}`).toBe(formatPeriod(invoice(1).period_start, invoice(1).period_end));
    expect(parts[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} –$/);
  });

  it('shows no amount due when every invoice is settled', async () => {
    await renderPage([invoice(3), invoice(4, { status: 'refunded', has_refund: true })]);
    expect(screen.queryByRole('region', { name: 'Amount due' })).toBeNull();
  });

  it('INV-03 View shows the invoice as issued: its number (never the internal id), parties, lines with periods and totals', async () => {
    await renderPage();
    const detail = detailOf(
      invoice(4, { status: 'open', total: 544.03, amount_due: 544.03, credits_used: 58739.72 }),
    );
    api.routes[`GET ${BASE}/detail/`] = (_init, url) => {
      expect(url.searchParams.get('invoice_id')).toBe('in_4');
      return jsonResponse(detail);
    };
    fireEvent.click(screen.getByRole('button', { name: 'View invoice ENQ-202604-AAAA' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Team plan, monthly, paid in advance');
    const text = dialog.textContent!;
    expect(text).toContain('Invoice numberENQ-202604-AAAA');
    expect(text).not.toContain('in_4');
    expect(text).toContain('enQ Communications, Inc.');
    expect(text).toContain('EIN 99-1234567');
    expect(text).toContain('Harbor & Pine Tax Advisors');
    // The address and the words as the PDF prints them (one format for both; the API's PDF test
    // reads the same INVOICE_DOCUMENT_TEXT back out of the PDF).
    expect(text).toContain('Portland, ME 04101\nUnited States');
    expect(text).not.toMatch(/\bUS\b/);
    expect(text).toContain(`${INVOICE_DOCUMENT_TEXT.invoiceDate}May 15, 2026`);
    expect(text).toContain(`${INVOICE_DOCUMENT_TEXT.billTo}Harbor & Pine Tax Advisors`);
    expect(INVOICE_DOCUMENT_TEXT).toMatchObject({ invoiceDate: 'Invoice date', billTo: 'Bill to' });
    expect(text).toContain('Nov 5, 2026 – Dec 5, 2026');
    expect(text).toContain('Oct 5, 2026 – Nov 5, 2026');
    expect(text).toContain('Credits used58,739.72 credits');
    expect(text).toContain('24,042.58 credits');
    expect(text).toContain('Subtotal$540.43');
    expect(text).toContain('Tax (Taxable, 0.67%)$3.60');
    expect(text).toContain('Amount due$544.03');
    expect(text).toContain('$544.03 failed (Visa ending in 4242): Your card has insufficient funds.');
  });

  it('the dialog offers what the row does: the PDF, and Pay now while the invoice is payable', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderPage();
    const downloads: string[] = [];
    api.routes[`GET ${BASE}/download/`] = (_init, url) => {
      downloads.push(url.searchParams.get('invoice_id')!);
      return new Response('%PDF');
    };
    api.routes[`GET ${BASE}/detail/`] = (_init, url) =>
      jsonResponse(detailOf(LIST.find((i) => i.id === url.searchParams.get('invoice_id'))!));
    api.routes['GET /api/v1/account/billing/'] = () => jsonResponse(billingData());

    fireEvent.click(screen.getByRole('button', { name: 'View invoice ENQ-202604-AAAA' }));
    let dialog = await screen.findByRole('dialog', { name: 'Invoice ENQ-202604-AAAA' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads).toEqual(['in_4']));
    // Paid: nothing to pay.
    expect(within(dialog).queryByRole('button', { name: INVOICE_TEXT.payNow })).toBeNull();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'View invoice ENQ-202601-AAAA' }));
    dialog = await screen.findByRole('dialog', { name: 'Invoice ENQ-202601-AAAA' });
    fireEvent.click(await within(dialog).findByRole('button', { name: INVOICE_TEXT.payNow }));
    // Pay now asks first, as from the row: the invoice's own dialog gives way to the confirmation.
    await screen.findByRole('dialog', { name: 'Pay invoice ENQ-202601-AAAA' });
    expect(screen.queryByRole('dialog', { name: 'Invoice ENQ-202601-AAAA' })).toBeNull();
    expect(api.payCalls()).toHaveLength(0);
    click.mockRestore();
  });

  it("API-18 INV-08 downloads name the file from content-disposition (default 'invoice.pdf'); the refund PDF uses is_refund", async () => {
    const success = vi.spyOn(toast, 'success');
    const created: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(this.download);
    });
    await renderPage();
    api.routes[`GET ${BASE}/download/`] = (_init, url) =>
      url.searchParams.get('is_refund') === 'true'
        ? new Response('%PDF', {
            headers: { 'content-disposition': 'attachment; filename="enq-refund-X.pdf"' },
          })
        : new Response('%PDF');
    fireEvent.click(screen.getByRole('button', { name: 'PDF of invoice ENQ-202601-AAAA' }));
    await waitFor(() => expect(created).toEqual(['invoice.pdf']));
    fireEvent.click(screen.getByRole('button', { name: 'Refund PDF of invoice ENQ-202602-AAAA' }));
    await waitFor(() => expect(created).toEqual(['invoice.pdf', 'enq-refund-X.pdf']));
    expect(success).toHaveBeenCalledWith(MESSAGES.fileDownloaded, { autoClose: 2000 });
    click.mockRestore();
  });

  it('INV-11 a failed load shows Retry, which reloads', async () => {
    let attempts = 0;
    api.routes[`GET ${BASE}/`] = () => {
      attempts++;
      return attempts === 1
        ? jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404)
        : jsonResponse({ invoices: LIST, amount_due: 321 });
    };
    render(
      <TestServices>
        <InvoicesPage />
      </TestServices>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await screen.findByRole('table', { name: 'Invoices' });
    expect(attempts).toBe(2);
  });
});
