import { AUTHENTICATION_REQUIRED_CODE, sandboxAuthenticateUrl } from '@enq/contract';
import type { Stripe } from '@stripe/stripe-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleNextAction } from './payment-authentication';

// The bank's step with Stripe: the page loads Stripe.js with the publishable key the API answered and
// hands it the intent's client secret, as Stripe's docs for handleNextAction ask; the answer's error is
// what the page shows. Stripe.js itself needs Stripe's servers, so here it stands behind its own types.
const handleNext = vi.fn<Stripe['handleNextAction']>();
const loadStripe = vi.fn(async (_key: string) => ({ handleNextAction: handleNext }) as unknown as Stripe);
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (key: string) => loadStripe(key) }));

const answer = (stripePk: string | null) => ({
  code: AUTHENTICATION_REQUIRED_CODE,
  message: 'Your bank asks you to confirm this payment.',
  client_secret: 'pi_3Pq_secret_Zx9',
  stripe_pk: stripePk,
});

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

describe('the bank step (handleNextAction)', () => {
  it("with Stripe: loads Stripe.js with the publishable key and passes the intent's client secret", async () => {
    handleNext.mockResolvedValue({ paymentIntent: { status: 'succeeded' } } as never);
    await expect(handleNextAction(answer('pk_test_51Abc'), '/invoices?pay=INV-1')).resolves.toEqual({
      error: null,
    });
    expect(loadStripe).toHaveBeenCalledWith('pk_test_51Abc');
    expect(handleNext).toHaveBeenCalledWith({ clientSecret: 'pi_3Pq_secret_Zx9' });
  });

  it("with Stripe: a failed or abandoned authentication answers Stripe's message", async () => {
    handleNext.mockResolvedValue({
      error: { type: 'card_error', message: 'We are unable to authenticate your payment method.' },
    } as never);
    await expect(handleNextAction(answer('pk_test_51Abc'), '/invoices?pay=INV-1')).resolves.toEqual({
      error: 'We are unable to authenticate your payment method.',
    });
  });

  it('with the sandbox: goes to its bank page with the secret and the way back, and never loads Stripe.js', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    void handleNextAction(answer(null), '/invoices?pay=INV-1');
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith(sandboxAuthenticateUrl('pi_3Pq_secret_Zx9', '/invoices?pay=INV-1')),
    );
    expect(loadStripe).not.toHaveBeenCalled();
  });
});
