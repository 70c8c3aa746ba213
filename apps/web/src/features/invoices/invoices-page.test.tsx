import { INVOICE_COLUMNS, INVOICE_TEXT, MESSAGES, type InvoiceDto } from '@enq/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { InvoicesPage } from './invoices-page';

const BASE = '/api/v1/account/invoices';

function invoice(n: number, overrides: Partial<InvoiceDto> = {}): InvoiceDto {
  return {
    id: `in_${n}`,
    number: `ENQ-2026${String(n).padStart(2, '0')}-AAAA`,
    timestamp: `2026-${String((n % 12) + 1).padStart(2, '0')}-15T14:00:00.000Z`,
    period_start: '2026-01-14T14:00:00.000Z',
    period_end: '2026-02-14T14:00:00.000Z',
    total: 300,
    status: 'paid',
    credits_used: 1234.5,
    has_refund: false,
    ...overrides,
  };
}
const LIST = [
  invoice(1, { status: 'open', total: 321 }),
  invoice(2, { status: 'refunded', has_refund: true }),
  invoice(3, { status: 'void' }),
  ...Array.from({ length: 9 }, (_, i) => invoice(i + 4)),
];

type Handler = (init: RequestInit, url: URL) => Response | Promise<Response>;
let routes: Record<string, Handler>;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  routes = {};
  fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    const handler = routes[`${init.method ?? 'GET'} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected call ${init.method ?? 'GET'} ${url.pathname}`);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.restoreAllMocks());

function renderPage(list: InvoiceDto[] | (() => Response) = LIST) {
  routes[`GET ${BASE}/`] = typeof list === 'function' ? list : () => jsonResponse({ invoices: list });
  render(
    <TestServices>
      <InvoicesPage />
    </TestServices>,
  );
  return screen.findByRole('table', { name: 'Invoices' });
}
const payCalls = () =>
  fetchMock.mock.calls.filter(
    ([input, init]) => String(input).endsWith('/invoices/pay/') && init?.method === 'POST',
  );

describe('the invoices page', () => {
  it('INV-01 INV-02 the eight columns and client-side pages of 10', async () => {
    const table = await renderPage();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([...INVOICE_COLUMNS]);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
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

  it('INV-09 API-19 a double click pays once with one idempotency key, toasts success and refreshes the list', async () => {
    const success = vi.spyOn(toast, 'success');
    await renderPage();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    routes[`POST ${BASE}/pay/`] = async () => {
      await gate;
      return jsonResponse({ message: INVOICE_TEXT.paid, invoices: [invoice(1), ...LIST.slice(1)] });
    };
    const payButton = screen.getByRole('button', { name: /^Pay now/ }) as HTMLButtonElement;
    fireEvent.click(payButton);
    fireEvent.click(payButton);
    await waitFor(() => expect(payButton.disabled).toBe(true));
    release();
    await waitFor(() => expect(success).toHaveBeenCalledWith(INVOICE_TEXT.paid));
    expect(payCalls()).toHaveLength(1);
    const [, init] = payCalls()[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ invoice_id: 'in_1' });
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("INV-10 a failed payment toasts 'Error paying invoice: ' and the server message; a retry uses a new key", async () => {
    const error = vi.spyOn(toast, 'error');
    await renderPage();
    routes[`POST ${BASE}/pay/`] = () =>
      jsonResponse({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' }, 402);
    fireEvent.click(screen.getByRole('button', { name: /^Pay now/ }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Error paying invoice: Your card was declined.'));
    routes[`POST ${BASE}/pay/`] = () => new Response('', { status: 502 });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /^Pay now/ }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: /^Pay now/ }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Error paying invoice'));
    const keys = payCalls().map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('INV-03 View opens the detail modal with the lines and payments', async () => {
    await renderPage();
    routes[`GET ${BASE}/detail/`] = (_init, url) => {
      expect(url.searchParams.get('invoice_id')).toBe('in_4');
      return jsonResponse({
        ...invoice(4),
        subscription: 300,
        overage_credits: 0,
        overage: 0,
        lines: [{ kind: 'subscription', description: 'Team plan, monthly', quantity: 1, amount: 300 }],
        payments: [
          {
            id: 'pi_1',
            timestamp: '2026-05-15T14:00:00.000Z',
            amount: 300,
            status: 'succeeded',
            card: 'visa •••• 4242',
            failure_message: null,
          },
        ],
        refunds: [],
        service_address: null,
        billing_address: null,
      });
    };
    fireEvent.click(screen.getByRole('button', { name: 'View invoice ENQ-202604-AAAA' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Team plan, monthly')).toBeTruthy();
    expect(dialog.textContent).toContain('visa •••• 4242');
    expect(dialog.textContent).toContain('$300.00');
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
    routes[`GET ${BASE}/download/`] = (_init, url) =>
      url.searchParams.get('is_refund') === 'true'
        ? new Response('%PDF', {
            headers: { 'content-disposition': 'attachment; filename="enq-refund-X.pdf"' },
          })
        : new Response('%PDF');
    fireEvent.click(screen.getByRole('button', { name: 'Download invoice ENQ-202601-AAAA' }));
    await waitFor(() => expect(created).toEqual(['invoice.pdf']));
    fireEvent.click(screen.getByRole('button', { name: 'Download refund ENQ-202602-AAAA' }));
    await waitFor(() => expect(created).toEqual(['invoice.pdf', 'enq-refund-X.pdf']));
    expect(success).toHaveBeenCalledWith(MESSAGES.fileDownloaded, { autoClose: 2000 });
    click.mockRestore();
  });

  it('INV-11 a failed load shows Retry, which reloads', async () => {
    let attempts = 0;
    routes[`GET ${BASE}/`] = () => {
      attempts++;
      return attempts === 1
        ? jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404)
        : jsonResponse({ invoices: LIST });
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
