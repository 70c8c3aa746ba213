import { AUTHENTICATION_REQUIRED_CODE, AUTHENTICATION_TEXT, INVOICE_TEXT } from '@enq/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Stripe } from '@stripe/stripe-js';
import { toast } from '../../lib/toast';
import { billingData } from '../../test/billing-data';
import { jsonResponse } from '../../test/utils';
import { BASE, fakeApi, renderInvoicesPage } from './invoice-fixtures';

// Pay now when the card's bank asks the cardholder, with Stripe (its step in the page; Stripe.js, which
// needs Stripe's servers, stands behind its own types here): done, Pay now finishes the same attempt; failed or left, the
// page says Stripe's reason and pays nothing more (the intent's payment_failed event may have declined
// the attempt already, and another Pay now would charge anew and send the cardholder to the bank again).
const handleNextAction = vi.fn<Stripe['handleNextAction']>();
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: async () => ({ handleNextAction }) as unknown as Stripe,
}));

const api = fakeApi();
const asked = () =>
  jsonResponse(
    {
      code: AUTHENTICATION_REQUIRED_CODE,
      message: AUTHENTICATION_TEXT.required,
      client_secret: 'pi_3Pq_secret_Zx9',
      stripe_pk: 'pk_test_51Abc',
    },
    202,
  );

async function payNow() {
  api.routes['GET /api/v1/account/billing/'] = () =>
    jsonResponse(billingData({ last_invoice_paid: false, is_delinquent: true }));
  renderInvoicesPage(api);
  fireEvent.click(await screen.findByRole('button', { name: /^Pay now/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Pay invoice ENQ-202601-AAAA' });
  await within(dialog).findByText(/Visa ending in 4242/);
  fireEvent.click(within(dialog).getByRole('button', { name: INVOICE_TEXT.confirmPay }));
}

afterEach(() => vi.clearAllMocks());

describe('Pay now with the bank step (Stripe)', () => {
  it("a failed or abandoned bank step shows Stripe's reason and pays nothing more", async () => {
    const error = vi.spyOn(toast, 'error');
    handleNextAction.mockResolvedValue({
      error: { type: 'card_error', message: 'We are unable to authenticate your payment method.' },
    } as never);
    // Asked again, the server would find the attempt declined by the intent's event and charge anew.
    let calls = 0;
    api.routes[`POST ${BASE}/pay/`] = () =>
      ++calls === 1 ? asked() : jsonResponse({ code: 'PAYMENT_FAILED', message: 'Charged again.' }, 402);
    await payNow();
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        expect.stringContaining('We are unable to authenticate your payment method.'),
      ),
    );
    expect(handleNextAction).toHaveBeenCalledExactlyOnceWith({ clientSecret: 'pi_3Pq_secret_Zx9' });
    expect(api.payCalls()).toHaveLength(1);
  });

  it('a completed bank step is finished by Pay now once more, on the same invoice', async () => {
    const success = vi.spyOn(toast, 'success');
    handleNextAction.mockResolvedValue({ paymentIntent: { status: 'succeeded' } } as never);
    let calls = 0;
    api.routes[`POST ${BASE}/pay/`] = () =>
      ++calls === 1 ? asked() : jsonResponse({ message: INVOICE_TEXT.paid });
    await payNow();
    await waitFor(() => expect(success).toHaveBeenCalledWith(INVOICE_TEXT.paid));
    expect(api.payCalls()).toHaveLength(2);
    expect(api.payCalls().map(([, init]) => JSON.parse(String(init!.body)))).toEqual([
      { invoice_id: 'in_1' },
      { invoice_id: 'in_1' },
    ]);
  });
});
