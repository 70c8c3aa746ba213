import { createHash } from 'node:crypto';
import type {
  CardDetails,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
} from '../../domain/ports/payment-provider';
import { UnknownPaymentMethodError } from '../../domain/ports/payment-provider';

interface TestCard {
  brand: string;
  last4: string;
  /** A decline code and Stripe's message for it, or null when charges succeed. */
  decline: { code: string; message: string } | null;
}

const DECLINES = {
  generic: { code: 'card_declined', message: 'Your card was declined.' },
  funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expired: { code: 'expired_card', message: 'Your card has expired.' },
  cvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  processing: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

// Maps, not objects: payment method ids come from the request, and `__proto__` or `constructor` must
// be unknown ids like any other, not Object.prototype's members.
/** Stripe's test card numbers and what a charge on each does (stripe.com/docs/testing). */
export const TEST_CARDS: ReadonlyMap<string, TestCard> = new Map(
  Object.entries({
    '4242424242424242': { brand: 'visa', last4: '4242', decline: null },
    '4000056655665556': { brand: 'visa', last4: '5556', decline: null },
    '5555555555554444': { brand: 'mastercard', last4: '4444', decline: null },
    '378282246310005': { brand: 'amex', last4: '0005', decline: null },
    '6011111111111117': { brand: 'discover', last4: '1117', decline: null },
    '4000000000000002': { brand: 'visa', last4: '0002', decline: DECLINES.generic },
    '4000000000009995': { brand: 'visa', last4: '9995', decline: DECLINES.funds },
    '4000000000000069': { brand: 'visa', last4: '0069', decline: DECLINES.expired },
    '4000000000000127': { brand: 'visa', last4: '0127', decline: DECLINES.cvc },
    '4000000000000119': { brand: 'visa', last4: '0119', decline: DECLINES.processing },
  } satisfies Record<string, TestCard>),
);

/** Stripe's named test payment methods, usable wherever a payment method id is expected. */
const NAMED_TEST_METHODS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    pm_card_visa: '4242424242424242',
    pm_card_mastercard: '5555555555554444',
    pm_card_amex: '378282246310005',
    pm_card_discover: '6011111111111117',
    pm_card_chargeDeclined: '4000000000000002',
    pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
    pm_card_chargeDeclinedExpiredCard: '4000000000000069',
    pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
    pm_card_chargeDeclinedProcessingError: '4000000000000119',
  }),
);

const shortHash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 24);

/**
 * The local card provider: Stripe-shaped ids (`pm_…`, `pi_…`), Stripe's test numbers and decline codes.
 * Sandbox payment methods carry their test card in the id (`pm_sbx_<number>_<exp>_<nonce>`), the way
 * Stripe's `pm_card_visa` names do, so the sandbox needs no storage of its own and never sees a real card.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;
  private readonly charges = new Map<string, ChargeResult>();

  /** What the sandbox card form does in place of Stripe.js: a test card number becomes a payment method. */
  createPaymentMethod(card: { number: string; expMonth: number; expYear: number }, nonce: string): string {
    const number = card.number.replace(/\s+/g, '');
    if (!TEST_CARDS.has(number))
      throw new UnknownPaymentMethodError('Use one of the test card numbers in the sandbox.');
    return `pm_sbx_${number}_${String(card.expMonth).padStart(2, '0')}${card.expYear}_${nonce}`;
  }

  private cardFor(paymentMethodId: string): { card: TestCard; expMonth: number; expYear: number } {
    const named = NAMED_TEST_METHODS.get(paymentMethodId);
    if (named)
      return { card: TEST_CARDS.get(named)!, expMonth: 12, expYear: new Date().getUTCFullYear() + 3 };
    const match = /^pm_sbx_(\d{12,19})_(\d{2})(\d{4})_[\w-]+$/.exec(paymentMethodId);
    const card = match ? TEST_CARDS.get(match[1]!) : undefined;
    if (!match || !card) throw new UnknownPaymentMethodError(`No such payment method: '${paymentMethodId}'`);
    return { card, expMonth: Number(match[2]), expYear: Number(match[3]) };
  }

  async describePaymentMethod(paymentMethodId: string): Promise<CardDetails> {
    const { card, expMonth, expYear } = this.cardFor(paymentMethodId);
    return { brand: card.brand, last4: card.last4, expMonth, expYear };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const previous = this.charges.get(request.idempotencyKey);
    if (previous) return previous;
    const { card } = this.cardFor(request.paymentMethodId);
    const id = `pi_sbx_${shortHash(request.idempotencyKey)}`;
    const summary = { brand: card.brand, last4: card.last4 };
    const result: ChargeResult = card.decline
      ? { status: 'failed', id, code: card.decline.code, message: card.decline.message, card: summary }
      : { status: 'succeeded', id, card: summary };
    this.charges.set(request.idempotencyKey, result);
    return result;
  }
}
