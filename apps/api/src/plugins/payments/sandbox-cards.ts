import { createHash } from 'node:crypto';
import { UnknownPaymentMethodError } from '../../domain/ports/payment-provider';

export const shortHash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 24);

/** An intent's client secret, as Stripe shapes one (`<id>_secret_…`): what the page authenticates with. */
export const sandboxClientSecret = (intentId: string) =>
  `${intentId}_secret_${shortHash(`secret:${intentId}`)}`;

/** The intent a client secret belongs to, or null for one the sandbox never gave. */
export function intentOfSecret(clientSecret: string): string | null {
  const id = clientSecret.split('_secret_')[0] ?? '';
  return sandboxClientSecret(id) === clientSecret ? id : null;
}

/** Stripe's decline codes and messages, as its API answers them. */
export const DECLINES = {
  generic: { code: 'card_declined', message: 'Your card was declined.' },
  funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expired: { code: 'expired_card', message: 'Your card has expired.' },
  cvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  processing: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

type Decline = keyof typeof DECLINES;

export interface TestCard {
  brand: string;
  last4: string;
  /** What a charge does: succeeds, declines with one of Stripe's codes, or is made but never answered. */
  behaviour: 'succeeds' | 'no-answer' | Decline;
  /** What saving it (a SetupIntent) does: saved, or refused with one of Stripe's codes. */
  setup: 'saves' | Decline;
  /**
   * When its bank asks the cardholder to authenticate (strong customer authentication): never;
   * `unless-saved`, when saved and on every charge except an off-session one of a card saved with
   * authentication (…3155); `always`, when saved and on every charge, off-session ones included (…3184).
   */
  authentication: 'never' | 'unless-saved' | 'always';
  /** Paid, then disputed by the cardholder's bank: the dispute opens and is closed lost (…0259). */
  disputed?: true;
  /** Saved, but the answer to the confirmation that saved it never comes back (…0416, the sandbox's own). */
  setupNoAnswer?: true;
}

/** Stripe's answer to an authentication the cardholder failed (or cancelled) on the bank's page. */
export const AUTHENTICATION_FAILED = {
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** Stripe's last_payment_error of a charge that needs the cardholder's authentication. */
export const AUTHENTICATION_NEEDED = {
  code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

/**
 * A test card. Stripe refuses at setup the cards its network declines outright (…0002, …0069, …0127,
 * …0119); a card that only fails when money is asked (…9995 insufficient funds, …0341) is saved.
 */
const card = (
  brand: string,
  number: string,
  behaviour: TestCard['behaviour'] = 'succeeds',
  setup: TestCard['setup'] = behaviour === 'succeeds' || behaviour === 'no-answer' || behaviour === 'funds'
    ? 'saves'
    : behaviour,
  authentication: TestCard['authentication'] = 'never',
) => [number, { brand, last4: number.slice(-4), behaviour, setup, authentication }] as const;

const disputed = ([number, testCard]: ReturnType<typeof card>) =>
  [number, { ...testCard, disputed: true as const }] as const;
const setupNoAnswer = ([number, testCard]: ReturnType<typeof card>) =>
  [number, { ...testCard, setupNoAnswer: true as const }] as const;

/**
 * Stripe's test card numbers and what saving and charging each does (stripe.com/docs/testing). A Map,
 * so that a number typed by a person is never looked up on an object's prototype.
 */
export const TEST_CARDS: ReadonlyMap<string, TestCard> = new Map<string, TestCard>([
  card('visa', '4242424242424242'),
  card('visa', '4000056655665556'),
  card('mastercard', '5555555555554444'),
  card('amex', '378282246310005'),
  card('discover', '6011111111111117'),
  card('visa', '4000000000000002', 'generic'),
  card('visa', '4000000000009995', 'funds'),
  card('visa', '4000000000000069', 'expired'),
  card('visa', '4000000000000127', 'cvc'),
  card('visa', '4000000000000119', 'processing'),
  // Attaches to a customer (it is saved as the card on file), then every charge on it is declined.
  card('visa', '4000000000000341', 'generic', 'saves'),
  // The sandbox's own: the charge is made, but its answer never comes back (a timeout after charging).
  card('visa', '4000000000000408', 'no-answer'),
  // Authentication (3D Secure): asked when saved and on the page; once saved with it, not off-session.
  card('visa', '4000002500003155', 'succeeds', 'saves', 'unless-saved'),
  // Authentication asked on every charge, off-session ones included.
  card('visa', '4000002760003184', 'succeeds', 'saves', 'always'),
  // Paid, then disputed as fraudulent; the sandbox closes the dispute lost (its events, in order).
  disputed(card('visa', '4000000000000259')),
  // The sandbox's own, as …0408 for charges: the SetupIntent saves it, the answer is lost on the way
  // back; confirmed again, the saved intent is the answer.
  setupNoAnswer(card('visa', '4000000000000416')),
]);

/**
 * Stripe's named test payment methods, usable wherever a payment method id is expected, by any number
 * of accounts: saving one saves a copy of its own on the account's Customer, as Stripe does.
 */
export const NAMED_TEST_METHODS: ReadonlyMap<string, string> = new Map([
  ['pm_card_visa', '4242424242424242'],
  ['pm_card_mastercard', '5555555555554444'],
  ['pm_card_amex', '378282246310005'],
  ['pm_card_discover', '6011111111111117'],
  ['pm_card_chargeDeclined', '4000000000000002'],
  ['pm_card_chargeDeclinedInsufficientFunds', '4000000000009995'],
  ['pm_card_chargeDeclinedExpiredCard', '4000000000000069'],
  ['pm_card_chargeDeclinedIncorrectCvc', '4000000000000127'],
  ['pm_card_chargeDeclinedProcessingError', '4000000000000119'],
  ['pm_card_chargeCustomerFail', '4000000000000341'],
  ['pm_card_sandboxNoAnswer', '4000000000000408'],
  ['pm_card_authenticationRequiredSetupForOffSession', '4000002500003155'],
  ['pm_card_authenticationRequired', '4000002760003184'],
  ['pm_card_createDispute', '4000000000000259'],
  ['pm_card_sandboxSetupNoAnswer', '4000000000000416'],
]);

export interface SandboxMethod {
  card: TestCard;
  number: string;
  expMonth: number;
  expYear: number;
}

/**
 * A sandbox payment method id (`pm_sbx_<number>_<MMYYYY>_<nonce>`), which carries its test card the way
 * Stripe's `pm_card_visa` names do, so the sandbox never sees a real card.
 */
export const sandboxMethodId = (number: string, expMonth: number, expYear: number, nonce: string) =>
  `pm_sbx_${number}_${String(expMonth).padStart(2, '0')}${expYear}_${nonce}`;

/** The test card behind a payment method id; UnknownPaymentMethodError for one the sandbox never made. */
export function sandboxMethod(paymentMethodId: string): SandboxMethod {
  const named = NAMED_TEST_METHODS.get(paymentMethodId);
  if (named)
    return {
      card: TEST_CARDS.get(named)!,
      number: named,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
    };
  // The sandbox's ids are lower case, as it makes them: another case of one is not one of its cards.
  const match = /^pm_sbx_(\d{12,19})_(\d{2})(\d{4})_[0-9a-z_-]+$/.exec(paymentMethodId);
  const card = match ? TEST_CARDS.get(match[1]!) : undefined;
  if (!match || !card) throw new UnknownPaymentMethodError(`No such payment method: '${paymentMethodId}'`);
  return { card, number: match[1]!, expMonth: Number(match[2]), expYear: Number(match[3]) };
}
