import { ERROR_CODES } from './common';

// Strong customer authentication (docs/billing.md, "Strong customer authentication"): a card whose bank
// asks the cardholder to authenticate a payment or a save. The page finishes the provider's step with the
// intent's client secret (Stripe.js handleNextAction, or the sandbox's bank page) and asks again. The
// texts and paths are here (the overview's banner shows one at first load); the schema is apart.

/** The answer's code when the card's bank asks for authentication (202, with the client secret). */
export const AUTHENTICATION_REQUIRED_CODE = ERROR_CODES.authenticationRequired;

/** The Invoices page's query parameter naming an invoice to authenticate and pay (the email's link). */
export const PAY_LINK_PARAM = 'pay';
export const payLinkPath = (invoiceId: string) =>
  `/invoices?${PAY_LINK_PARAM}=${encodeURIComponent(invoiceId)}`;
/** Billing's query parameter naming the card being saved while its bank's step runs (a redirect). */
export const SAVE_CARD_PARAM = 'save_card';
/** What the provider's redirect adds on the way back ('succeeded' or 'failed'), as Stripe's does. */
export const REDIRECT_STATUS_PARAM = 'redirect_status';

/**
 * An intent's client secret as Stripe spells it (`pi_…_secret_…` or `seti_…_secret_…`: ASCII letters,
 * digits and `_`): another spelling of one (spaces, a percent-encoding, another case of its prefix, a
 * look-alike letter) is refused by the sandbox's bank page, never taken for the intent.
 */
export const CLIENT_SECRET_PATTERN = /^(pi|seti)_[A-Za-z0-9_]+_secret_[A-Za-z0-9]+$/;

/** The sandbox's stand-in for the bank's authentication page (only while the sandbox is the provider). */
export const SANDBOX_AUTHENTICATE_PATH = '/api/v1/payments/sandbox/authenticate';
export const sandboxAuthenticateUrl = (clientSecret: string, returnPath: string) =>
  `${SANDBOX_AUTHENTICATE_PATH}?client_secret=${encodeURIComponent(clientSecret)}&return_url=${encodeURIComponent(returnPath)}`;

export const AUTHENTICATION_TEXT = {
  /** Pay now's and the card form's message while the bank asks. */
  required: 'Your bank asks you to confirm this payment.',
  setupRequired: 'Your bank asks you to confirm this card.',
  failed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  /** A renewal's or resume's answer when its off-session charge waits for the cardholder. */
  emailed:
    'Your bank asks you to confirm this payment. We emailed you a link to confirm it; until then the invoice stays unpaid.',
  /** The Invoices page's panel for the email's link. */
  panelTitle: 'Confirm your payment',
  panelBody: (number: string, amount: string) =>
    `Your bank asks you to confirm the payment of ${amount} for invoice ${number} before it can be charged.`,
  panelButton: 'Confirm and pay',
  /** The overview's banner while a charge waits for the cardholder. */
  banner: 'Your bank asks you to confirm a payment. Until you do, the invoice stays unpaid.',
  bannerLink: 'Confirm payment',
  emailSubject: (number: string) => `Confirm your payment for enQ invoice ${number}`,
  /** The sandbox's bank page. */
  sandboxTitle: 'Sandbox bank: authenticate',
  sandboxComplete: 'Complete authentication',
  sandboxFail: 'Fail authentication',
} as const;
