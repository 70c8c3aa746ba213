import {
  AUTHENTICATION_REQUIRED_CODE,
  REDIRECT_STATUS_PARAM,
  sandboxAuthenticateUrl,
  type AuthenticationRequired,
} from '@enq/contract';

/** A 202 of Pay now or of saving a card: the card's bank asks the cardholder first. */
export const isAuthenticationRequired = (answer: unknown): answer is AuthenticationRequired =>
  typeof answer === 'object' &&
  answer !== null &&
  'code' in answer &&
  answer.code === AUTHENTICATION_REQUIRED_CODE;

/**
 * The bank's step, as Stripe.js's handleNextAction runs it: with Stripe, in the page (Stripe.js loads
 * only now), answering the error when the cardholder failed or left it; with the sandbox, its bank page,
 * which comes back to `returnPath` with `redirect_status` (this page is left, so it never answers).
 */
export async function handleNextAction(
  answer: AuthenticationRequired,
  returnPath: string,
): Promise<{ error: string | null }> {
  if (!answer.stripe_pk) {
    window.location.assign(sandboxAuthenticateUrl(answer.client_secret, returnPath));
    return new Promise(() => undefined);
  }
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(answer.stripe_pk);
  if (!stripe) return { error: null };
  const result = await stripe.handleNextAction({ clientSecret: answer.client_secret });
  return { error: result.error ? (result.error.message ?? null) : null };
}

/** What the bank's page said on the way back ('succeeded', 'failed'), or null when it was not asked. */
export const redirectStatus = (search: string): string | null =>
  new URLSearchParams(search).get(REDIRECT_STATUS_PARAM);
