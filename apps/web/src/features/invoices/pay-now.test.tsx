import { INVOICE_TEXT, type BillingData } from '@enq/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from '../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { billingData } from '../../test/billing-data';
import { jsonResponse } from '../../test/utils';
import { BASE, LIST, fakeApi, invoice, listResponse, renderInvoicesPage } from './invoice-fixtures';
import { INVOICES_PENDING_POLL_MS } from './invoices-settings';

const api = fakeApi();

const BILLING = billingData({ last_invoice_paid: false, is_delinquent: true });
const PAID_LIST = [invoice(1), ...LIST.slice(1)];
const paid = () => jsonResponse({ message: INVOICE_TEXT.paid });

async function renderPage(billing: BillingData = BILLING) {
  api.routes['GET /api/v1/account/billing/'] = () => jsonResponse(billing);
  return renderInvoicesPage(api);
}

/** Pay now on the open invoice; resolves to the confirmation dialog once it names the card. */
async function askToPay(card = 'Visa ending in 4242') {
  fireEvent.click(screen.getByRole('button', { name: /^Pay now/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Pay invoice ENQ-202601-AAAA' });
  await within(dialog).findByText(new RegExp(card));
  return dialog;
}
const confirm = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: INVOICE_TEXT.confirmPay }));

describe('Pay now', () => {
  it('asks first, naming the amount due and the card on file; Cancel charges nothing', async () => {
    await renderPage();
    const dialog = await askToPay();
    expect(within(dialog).getByText('Pay $321.00 now with Visa ending in 4242?')).toBeTruthy();
    expect(api.payCalls()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.payCalls()).toHaveLength(0);
  });

  it('says so when there is no card on file', async () => {
    await renderPage({ ...BILLING, card_details: null });
    const dialog = await askToPay('There is no card on file');
    expect(dialog.textContent).toContain('Pay $321.00 now? There is no card on file');
  });

  it('INV-09 API-19 Confirm pays once however often it is clicked, toasts success and refreshes the list', async () => {
    const success = vi.spyOn(toast, 'success');
    await renderPage();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    api.routes[`POST ${BASE}/pay/`] = async () => {
      await gate;
      api.routes[`GET ${BASE}/`] = () => listResponse(PAID_LIST);
      return paid();
    };
    const dialog = await askToPay();
    confirm(dialog);
    confirm(dialog);
    const confirmButton = within(dialog).getByRole('button', { name: INVOICE_TEXT.confirmPay });
    await waitFor(() => expect((confirmButton as HTMLButtonElement).disabled).toBe(true));
    // Behind the dialog (hidden from the accessibility tree while it is open) the amount is still due.
    expect(document.querySelector('[aria-labelledby="amount-due"]')!.textContent).toContain('$321.00');
    release();
    await waitFor(() => expect(success).toHaveBeenCalledWith(INVOICE_TEXT.paid));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Amount due' })).toBeNull());
    expect(api.payCalls()).toHaveLength(1);
    const [, init] = api.payCalls()[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ invoice_id: 'in_1' });
    expect(api.payKeys()[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("INV-10 a declined payment toasts 'Error paying invoice: ' and the server message; the next Pay now is a new payment", async () => {
    const error = vi.spyOn(toast, 'error');
    await renderPage();
    api.routes[`POST ${BASE}/pay/`] = () =>
      jsonResponse({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' }, 402);
    confirm(await askToPay());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Error paying invoice: Your card was declined.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    confirm(await askToPay());
    await waitFor(() => expect(api.payCalls()).toHaveLength(2));
    expect(new Set(api.payKeys()).size).toBe(2);
  });

  it('a network failure or a 5xx keeps the key: the retry sends the same Idempotency-Key until a 200', async () => {
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    await renderPage();
    api.routes[`POST ${BASE}/pay/`] = () => new Response('', { status: 502 });
    confirm(await askToPay());
    await waitFor(() => expect(error).toHaveBeenCalledWith('Error paying invoice'));
    api.routes[`POST ${BASE}/pay/`] = () => Promise.reject(new TypeError('Failed to fetch'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    confirm(await askToPay());
    await waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    api.routes[`POST ${BASE}/pay/`] = () => paid();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    confirm(await askToPay());
    await waitFor(() => expect(success).toHaveBeenCalledWith(INVOICE_TEXT.paid));
    const keys = api.payKeys();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it("202 PAYMENT_PENDING: the server's message, 'Confirming payment' on the row, the list asked again until it resolves", async () => {
    const info = vi.spyOn(toast, 'info');
    const success = vi.spyOn(toast, 'success');
    await renderPage();
    const pendingList = [
      invoice(1, { status: 'open', total: 321, amount_due: 321, payment_pending: true }),
      ...LIST.slice(1),
    ];
    api.routes[`POST ${BASE}/pay/`] = () => {
      api.routes[`GET ${BASE}/`] = () => listResponse(pendingList);
      return jsonResponse({ code: 'PAYMENT_PENDING', message: INVOICE_TEXT.paymentPending }, 202);
    };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    confirm(await askToPay());
    await waitFor(() => expect(info).toHaveBeenCalledWith(INVOICE_TEXT.paymentPending));
    const table = screen.getByRole('table', { name: 'Invoices' });
    await within(table).findByText(INVOICE_TEXT.confirmingPayment);
    expect(screen.queryByRole('button', { name: /^Pay now/ })).toBeNull();
    expect(success).not.toHaveBeenCalled();

    // The background job resolves the payment: the next poll shows the invoice paid.
    const lists = () =>
      api.fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/invoices/')).length;
    const before = lists();
    await act(async () => {
      vi.advanceTimersByTime(INVOICES_PENDING_POLL_MS);
    });
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
    api.routes[`GET ${BASE}/`] = () => listResponse(PAID_LIST);
    await act(async () => {
      vi.advanceTimersByTime(INVOICES_PENDING_POLL_MS);
    });
    await waitFor(() => expect(within(table).queryByText(INVOICE_TEXT.confirmingPayment)).toBeNull());
    expect(within(table).queryByText('Unpaid')).toBeNull();
    await waitFor(() => expect(success).toHaveBeenCalledWith(INVOICE_TEXT.paid));
    expect(success).toHaveBeenCalledTimes(1);
    expect(api.payCalls()).toHaveLength(1);
  });
});
