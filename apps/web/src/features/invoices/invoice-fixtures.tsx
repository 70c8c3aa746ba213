import type { InvoiceDto } from '@enq/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { jsonResponse, TestServices } from '../../test/utils';
import { InvoicesPage } from './invoices-page';

/** What the invoices page tests share: invoice rows, a fake API routed by method and path, the page. */

export const BASE = '/api/v1/account/invoices';

export function invoice(n: number, overrides: Partial<InvoiceDto> = {}): InvoiceDto {
  return {
    id: `in_${n}`,
    number: `ENQ-2026${String(n).padStart(2, '0')}-AAAA`,
    kind: 'period',
    summary: 'Period close',
    timestamp: `2026-${String((n % 12) + 1).padStart(2, '0')}-15T14:00:00.000Z`,
    period_start: '2026-01-14T14:00:00.000Z',
    period_end: '2026-02-14T14:00:00.000Z',
    total: 300,
    amount_due: 0,
    status: 'paid',
    credits_used: 1234.5,
    has_refund: false,
    payment_pending: false,
    ...overrides,
  };
}

export const LIST = [
  invoice(1, { status: 'open', total: 321, amount_due: 321 }),
  invoice(2, { status: 'refunded', has_refund: true }),
  invoice(3, { status: 'void' }),
  ...Array.from({ length: 9 }, (_, i) => invoice(i + 4)),
];

export const listResponse = (invoices: InvoiceDto[]) =>
  jsonResponse({ invoices, amount_due: invoices.reduce((sum, i) => sum + i.amount_due, 0) });

type Handler = (init: RequestInit, url: URL) => Response | Promise<Response>;

/** A fake fetch for the file's tests: `routes['GET /path']` answers; any other call fails the test. */
export function fakeApi() {
  const api = {
    routes: {} as Record<string, Handler>,
    fetchMock: vi.fn<typeof fetch>(),
    /** The POSTs to /invoices/pay/ so far. */
    payCalls: () =>
      api.fetchMock.mock.calls.filter(
        ([input, init]) => String(input).endsWith('/invoices/pay/') && init?.method === 'POST',
      ),
    payKeys: () =>
      api.payCalls().map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']),
  };
  beforeEach(() => {
    api.routes = {};
    api.fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      const handler = api.routes[`${init.method ?? 'GET'} ${url.pathname}`];
      if (!handler) throw new Error(`unexpected call ${init.method ?? 'GET'} ${url.pathname}`);
      return handler(init, url);
    });
    vi.stubGlobal('fetch', api.fetchMock);
  });
  afterEach(() => vi.restoreAllMocks());
  return api;
}

/** Renders the page on `list` (or a GET handler) and resolves to the table once it shows. */
export function renderInvoicesPage(
  api: ReturnType<typeof fakeApi>,
  list: InvoiceDto[] | (() => Response) = LIST,
) {
  api.routes[`GET ${BASE}/`] = typeof list === 'function' ? list : () => listResponse(list);
  render(
    <TestServices>
      <InvoicesPage />
    </TestServices>,
  );
  return screen.findByRole('table', { name: 'Invoices' });
}
