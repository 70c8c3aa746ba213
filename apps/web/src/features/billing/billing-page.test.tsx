import { BILLING_TEXT, MESSAGES, type BillingData } from '@enq/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billingData } from '../../test/billing-data';
import { jsonResponse, TestServices } from '../../test/utils';
import { BillingPage } from './billing-page';
import { stubFetchRoutes, type RouteHandler } from '../../test/fetch-routes';

const BASE = '/api/v1/account/billing';
const SANDBOX = '/api/v1/payments/sandbox/payment-methods';
const HOME = {
  line1: '1 Main St',
  line2: '',
  city: 'Portland',
  state: 'ME',
  postal_code: '04101',
  country: 'US',
};

const DATA = billingData({ service_address: HOME, billing_address: HOME });

let routes: Record<string, RouteHandler>;
let fetchMock: ReturnType<typeof stubFetchRoutes>;

beforeEach(() => {
  routes = {};
  fetchMock = stubFetchRoutes(routes);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderPage(data: BillingData | (() => Response) = DATA) {
  routes[`GET ${BASE}/`] = typeof data === 'function' ? data : () => jsonResponse(data);
  const router = createMemoryRouter(
    [
      { path: '/billing', element: <BillingPage /> },
      { path: '/lines', element: <h1>Lines</h1> },
    ],
    { initialEntries: ['/billing'] },
  );
  render(
    <TestServices>
      <RouterProvider router={router} />
    </TestServices>,
  );
  return router;
}
const ready = () => screen.findByRole('form', { name: 'Addresses' });
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const body = (init: RequestInit) => JSON.parse(String(init.body));

describe('the billing page', () => {
  it('BILL-12 BILL-13 shows a loader, then on failure the generic error whose Retry really retries', async () => {
    let attempts = 0;
    renderPage(() => {
      attempts++;
      return attempts === 1 ? jsonResponse({ code: 'BAD_REQUEST', message: 'x' }, 400) : jsonResponse(DATA);
    });
    expect(screen.getByRole('status', { name: 'Loading billing' })).toBeTruthy();
    expect(await screen.findByText(MESSAGES.genericError)).toBeTruthy();
    fireEvent.click(button('Retry'));
    await ready();
    expect(attempts).toBe(2);
  });

  it('BILL-01 BILL-04 BILL-05 card row with brand, masked digits, expiry; Update credit card; Tax Status', async () => {
    renderPage();
    await ready();
    const row = screen.getByTestId('card-row');
    expect(row.textContent).toContain('Visa');
    expect(row.textContent).toContain('•••• •••• •••• 4242');
    expect(row.textContent).toContain('08/2028');
    expect(row.textContent).not.toContain(BILLING_TEXT.expired);
    expect(button(BILLING_TEXT.updateCard)).toBeTruthy();
    expect(screen.getByTestId('tax-status').textContent).toBe('Taxable');
    expect(screen.queryByRole('textbox', { name: /tax/i })).toBeNull();
  });

  it('BILL-05 an exempt account reads Exempt, with its exemption reference when it has one', async () => {
    renderPage({ ...DATA, tax: { status: 'exempt', exemption_reference: 'TX-01-2345678' } });
    await ready();
    expect(screen.getByTestId('tax-status').textContent).toBe('Exempt (ref TX-01-2345678)');
  });

  it("BILL-02 BILL-04 an expired card: the 'Expired' badge, and still 'Update credit card'", async () => {
    renderPage({ ...DATA, card_details: { ...DATA.card_details!, is_expired: true } });
    await ready();
    const row = screen.getByTestId('card-row');
    expect(within(row).getByText('Expired')).toBeTruthy();
    expect(row.textContent).toContain('•••• •••• •••• 4242');
    // An expired card is a card: it is updated, not added.
    expect(button('Update credit card')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add card' })).toBeNull();
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('expired'))).toBe(true);
  });

  it("BILL-03 BILL-04 BAN-04 no card: 'No Card Added', 'Add card' and the missing-card banner", async () => {
    renderPage({ ...DATA, card_details: null });
    await ready();
    const row = screen.getByTestId('card-row');
    expect(row.textContent).toBe('No Card Added');
    expect(within(row).queryByText('Expired')).toBeNull();
    expect(button('Add card')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update credit card' })).toBeNull();
    expect(screen.getByText('There is no credit card on file. Please add a credit card.')).toBeTruthy();
  });

  it('BILL-33 Add card with an address required warns with the exact text and opens nothing', async () => {
    const warn = vi.spyOn(toast, 'warning');
    renderPage({ ...DATA, card_details: null, is_service_address_required: true, service_address: null });
    await ready();
    fireEvent.click(button(BILLING_TEXT.addCard));
    expect(warn).toHaveBeenCalledWith(BILLING_TEXT.addressRequiredForCard, expect.anything());
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();
  });

  it('BILL-34 BILL-35 BILL-36 BILL-37 API-09 API-10 a good card: form closes, confirm modal with brand and last four, toast', async () => {
    const success = vi.spyOn(toast, 'success');
    renderPage();
    await ready();
    fireEvent.click(button(BILLING_TEXT.updateCard));
    const form = screen.getByRole('form', { name: 'Card details' });
    routes[`POST ${SANDBOX}`] = () => jsonResponse({ pm_id: 'pm_sbx_5555555555554444_122030_x' });
    const saved = { ...DATA, card_details: { ...DATA.card_details!, brand: 'mastercard', last4: '4444' } };
    routes[`POST ${BASE}/change-card`] = (init) => {
      expect(body(init)).toEqual({ pm_id: 'pm_sbx_5555555555554444_122030_x' });
      return jsonResponse({ ...saved, message: BILLING_TEXT.cardSaved });
    };
    fireEvent.change(within(form).getByLabelText('Card number'), {
      target: { value: '5555 5555 5555 4444' },
    });
    fireEvent.change(within(form).getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
    fireEvent.change(within(form).getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    const dialog = await screen.findByRole('dialog', { name: BILLING_TEXT.cardSaved });
    expect(dialog.textContent).toContain('Mastercard card ending in 4444');
    expect(dialog.textContent).toContain('addresses correct?');
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();
    expect(success).toHaveBeenCalledWith(BILLING_TEXT.cardSaved);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, they are correct' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('BILL-38 a provider decline shows inline and clears after 4 seconds', async () => {
    renderPage();
    await ready();
    fireEvent.click(button(BILLING_TEXT.updateCard));
    routes[`POST ${SANDBOX}`] = () => jsonResponse({ pm_id: 'pm_sbx_4000000000000002_122030_x' });
    routes[`POST ${BASE}/change-card`] = () =>
      jsonResponse({ code: 'CARD_DECLINED', message: 'Your card was declined.', field: 'pm_id' }, 402);
    const form = screen.getByRole('form', { name: 'Card details' });
    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '4000000000000002' } });
    fireEvent.change(within(form).getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
    fireEvent.change(within(form).getByLabelText('CVC'), { target: { value: '123' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(within(form).getByText('Your card was declined.')).toBeTruthy());
    await act(async () => {
      vi.advanceTimersByTime(3800);
    });
    expect(within(form).getByText('Your card was declined.')).toBeTruthy(); // not sooner
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(within(form).queryByText('Your card was declined.')).toBeNull();
  });

  it('BILL-40 BILL-39 another server message is a toast; no message at all shows the generic text inline', async () => {
    const error = vi.spyOn(toast, 'error');
    renderPage();
    await ready();
    fireEvent.click(button(BILLING_TEXT.updateCard));
    routes[`POST ${SANDBOX}`] = () => jsonResponse({ pm_id: 'pm_x' });
    routes[`POST ${BASE}/change-card`] = () =>
      jsonResponse({ code: 'CONFLICT', message: 'That card belongs to another account.' }, 409);
    const form = screen.getByRole('form', { name: 'Card details' });
    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(within(form).getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
    fireEvent.change(within(form).getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('That card belongs to another account.'));
    routes[`POST ${BASE}/change-card`] = () => new Response('oops', { status: 502 });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    expect(await within(form).findByText(MESSAGES.genericError)).toBeTruthy();
  });

  it('BILL-06 BILL-07 BILL-10 BILL-11 BILL-18 BILL-19 the form: same-as-service hides billing; unticking shows a blank US billing block', async () => {
    renderPage();
    await ready();
    const checkbox = screen.getByRole('checkbox', { name: BILLING_TEXT.sameBilling }) as HTMLInputElement;
    expect(checkbox.checked).toBe(true);
    expect(screen.queryByRole('group', { name: 'Billing Address' })).toBeNull();
    const service = screen.getByRole('group', { name: 'Service Address' });
    expect(within(service).getByRole('combobox', { name: /^State/ })).toBeTruthy();
    fireEvent.click(checkbox);
    const billing = screen.getByRole('group', { name: 'Billing Address' });
    expect((within(billing).getByLabelText(/^Address Line 1/) as HTMLInputElement).value).toBe('');
    expect((within(billing).getByRole('combobox', { name: /^Country/ }) as HTMLSelectElement).value).toBe(
      'US',
    );
    // BILL-29 BILL-30 the blank block's messages show once its fields are touched; Save/Cancel are disabled.
    expect(within(billing).queryByText('Address Line 1 required')).toBeNull();
    for (const label of [/^Address Line 1/, /^Town or City/, /^State/, /^Postal code/])
      fireEvent.blur(within(billing).getByLabelText(label));
    expect(within(billing).getByText('Address Line 1 required')).toBeTruthy();
    expect(within(billing).getByText('Town or City required')).toBeTruthy();
    expect(within(billing).getByText('State required')).toBeTruthy();
    expect(within(billing).getByText('Postal code required')).toBeTruthy();
    expect(button('Save').disabled).toBe(true);
    expect(button('Cancel').disabled).toBe(true);
    // BILL-10 free-text state outside the US.
    fireEvent.change(within(billing).getByRole('combobox', { name: /^Country/ }), {
      target: { value: 'CA' },
    });
    expect(within(billing).getByRole('textbox', { name: /^State/ })).toBeTruthy();
  });

  it('BILL-08 the country picker lists ISO codes with English names, US by default', async () => {
    renderPage({ ...DATA, service_address: null, billing_address: null, is_service_address_required: true });
    await ready();
    const service = screen.getByRole('group', { name: 'Service Address' });
    const country = within(service).getByRole('combobox', { name: /^Country/ }) as HTMLSelectElement;
    expect(country.value).toBe('US');
    const options = [...country.options].map((o) => [o.value, o.textContent]);
    expect(options).toContainEqual(['DE', 'Germany']);
    expect(options).toContainEqual(['GB', 'United Kingdom']);
    expect(options.length).toBeGreaterThan(240);
  });

  it('BILL-21 BILL-22 BILL-31 API-06 API-07 API-08 API-20 Save sends PUT /billing/address, toasts success and refreshes billing', async () => {
    const success = vi.spyOn(toast, 'success');
    renderPage();
    await ready();
    const service = screen.getByRole('group', { name: 'Service Address' });
    fireEvent.change(within(service).getByLabelText(/^Town or City/), { target: { value: 'Augusta' } });
    let sent: unknown;
    routes[`PUT ${BASE}/address`] = (init) => {
      sent = body(init);
      const saved = { ...HOME, city: 'Augusta' };
      return jsonResponse({
        service_address: saved,
        billing_address: saved,
        message: BILLING_TEXT.addressUpdated,
      });
    };
    fireEvent.click(button('Save'));
    await waitFor(() => expect(success).toHaveBeenCalledWith(BILLING_TEXT.addressUpdated));
    expect(sent).toEqual({
      service_address: { ...HOME, city: 'Augusta' },
      billing_address: { ...HOME, city: 'Augusta' },
      sameBilling: true,
    });
    await waitFor(() => expect(button('Save').disabled).toBe(true));
    // The 'billing' cache tag is refetched after the update ('overview' is invalidated alongside).
    const billingLoads = () =>
      fetchMock.mock.calls.filter(
        ([input, init]) => String(input).endsWith('/billing/') && init?.method === 'GET',
      ).length;
    await waitFor(() => expect(billingLoads()).toBe(2));
  });

  it('BILL-32 a failed save shows the server message, else the fallback text', async () => {
    const error = vi.spyOn(toast, 'error');
    renderPage();
    await ready();
    const service = screen.getByRole('group', { name: 'Service Address' });
    fireEvent.change(within(service).getByLabelText(/^Town or City/), { target: { value: 'Augusta' } });
    routes[`PUT ${BASE}/address`] = () =>
      jsonResponse(
        { code: 'BAD_REQUEST', message: 'Town or City required', field: 'service_address.city' },
        400,
      );
    fireEvent.click(button('Save'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Town or City required'));
    routes[`PUT ${BASE}/address`] = () => {
      throw new TypeError('network down');
    };
    fireEvent.click(button('Save'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(BILLING_TEXT.addressError));
  });

  it('BILL-23 Cancel resets to the saved values; SHELL leave prompt guards unsaved edits', async () => {
    const router = renderPage();
    await ready();
    const service = screen.getByRole('group', { name: 'Service Address' });
    const line2 = within(service).getByLabelText(/^Address Line 2/) as HTMLInputElement;
    fireEvent.change(line2, { target: { value: 'Suite 9' } });
    await act(() => router.navigate('/lines'));
    expect(await screen.findByRole('dialog', { name: MESSAGES.unsavedChanges })).toBeTruthy();
    fireEvent.click(button('Stay'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(button('Cancel'));
    expect(line2.value).toBe('');
    await act(() => router.navigate('/lines'));
    expect(await screen.findByRole('heading', { name: 'Lines' })).toBeTruthy();
  });
});

describe('billing defects (issue 15)', () => {
  it('an account without addresses opens without a single red message; a touched blank field speaks', async () => {
    renderPage({
      ...DATA,
      service_address: null,
      billing_address: null,
      is_service_address_required: true,
      is_billing_address_required: true,
    });
    await ready();
    expect(screen.queryAllByText(/ required$/)).toEqual([]);
    const service = screen.getByRole('group', { name: 'Service Address' });
    fireEvent.blur(within(service).getByLabelText(/^Town or City/));
    expect(within(service).getByText('Town or City required')).toBeTruthy();
    expect(screen.getAllByText(/ required$/)).toHaveLength(1);
  });

  it('switching the country to US drops a free-text state: State required shows and Save stays off', async () => {
    renderPage({ ...DATA, service_address: { ...HOME, country: 'CA', state: 'Ontario' } });
    await ready();
    const service = screen.getByRole('group', { name: 'Service Address' });
    fireEvent.change(within(service).getByRole('combobox', { name: /^Country/ }), {
      target: { value: 'US' },
    });
    expect(within(service).getByText('State required')).toBeTruthy();
    expect((within(service).getByRole('combobox', { name: /^State/ }) as HTMLSelectElement).value).toBe('');
    expect(button('Save').disabled).toBe(true);
  });

  it("a 5xx on address save shows 'Error updating address. Please try again.'", async () => {
    const error = vi.spyOn(toast, 'error');
    renderPage();
    await ready();
    const service = screen.getByRole('group', { name: 'Service Address' });
    fireEvent.change(within(service).getByLabelText(/^Town or City/), { target: { value: 'Augusta' } });
    routes[`PUT ${BASE}/address`] = () =>
      jsonResponse({ code: 'INTERNAL', message: 'Internal Server Error' }, 500);
    fireEvent.click(button('Save'));
    await waitFor(() => expect(error).toHaveBeenCalledWith(BILLING_TEXT.addressError));
    expect(error).not.toHaveBeenCalledWith('Internal Server Error');
  });

  it("the server's refusal of a card (409 on pm_id) is a toast, not a 4 s inline text", async () => {
    const error = vi.spyOn(toast, 'error');
    renderPage();
    await ready();
    fireEvent.click(button(BILLING_TEXT.updateCard));
    routes[`POST ${SANDBOX}`] = () => jsonResponse({ pm_id: 'pm_x' });
    routes[`POST ${BASE}/change-card`] = () =>
      jsonResponse(
        { code: 'CONFLICT', message: 'That card belongs to another account.', field: 'pm_id' },
        409,
      );
    const form = screen.getByRole('form', { name: 'Card details' });
    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(within(form).getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
    fireEvent.change(within(form).getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('That card belongs to another account.'));
    expect(within(form).queryByText('That card belongs to another account.')).toBeNull();
  });

  it('a failed background refetch keeps the page and its unsaved edits', async () => {
    let loads = 0;
    let failRefetch: () => void = () => {};
    renderPage(() => {
      if (++loads === 1) return jsonResponse(DATA);
      return new Promise<Response>((resolve) => {
        failRefetch = () => resolve(jsonResponse({ code: 'BAD_REQUEST', message: 'x' }, 400));
      }) as never;
    });
    await ready();
    const service = screen.getByRole('group', { name: 'Service Address' });
    fireEvent.change(within(service).getByLabelText(/^Town or City/), { target: { value: 'Augusta' } });
    const saved = { ...HOME, city: 'Augusta' };
    routes[`PUT ${BASE}/address`] = () => jsonResponse({ service_address: saved, billing_address: saved });
    fireEvent.click(button('Save'));
    await waitFor(() => expect(loads).toBe(2));
    const line2 = within(service).getByLabelText(/^Address Line 2/) as HTMLInputElement;
    fireEvent.change(line2, { target: { value: 'Suite 9' } });
    act(() => failRefetch());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect((screen.getByLabelText(/^Address Line 2/) as HTMLInputElement).value).toBe('Suite 9');
  });

  it('the sandbox card form carries a Test mode badge and the test cards, not developer text', async () => {
    renderPage();
    await ready();
    fireEvent.click(button(BILLING_TEXT.updateCard));
    const form = screen.getByRole('form', { name: 'Card details' });
    expect(within(form).getByText('Test mode')).toBeTruthy();
    expect(form.textContent).toContain('4242 4242 4242 4242');
    expect(form.textContent).not.toContain('Sandbox card form');
  });
});
