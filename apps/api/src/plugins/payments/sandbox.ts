import { createHash } from 'node:crypto';
import type {
  CardDetails,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  RefundRequest,
  RefundResult,
} from '../../domain/ports/payment-provider';
import { UnknownPaymentMethodError } from '../../domain/ports/payment-provider';

type Decline = keyof typeof DECLINES;

interface TestCard {
  brand: string;
  last4: string;
  /** What a charge does: succeeds, declines with one of Stripe's codes, or is made but never answered. */
  behaviour: 'succeeds' | 'no-answer' | Decline;
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

const card = (brand: string, number: string, behaviour: TestCard['behaviour'] = 'succeeds') =>
  [number, { brand, last4: number.slice(-4), behaviour }] as const;

/**
 * Stripe's test card numbers and what a charge on each does (stripe.com/docs/testing). A Map, so that a
 * number typed by a person is never looked up on an object's prototype.
 */
export const TEST_CARDS: ReadonlyMap<string, TestCard> = new Map([
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
  // Attaches to a customer (it is accepted as the card on file), then every charge on it is declined.
  card('visa', '4000000000000341', 'generic'),
  // The sandbox's own: the charge is made, but its answer never comes back (a timeout after charging).
  card('visa', '4000000000000408', 'no-answer'),
]);

/** Stripe's named test payment methods, usable wherever a payment method id is expected. */
const NAMED_TEST_METHODS: ReadonlyMap<string, string> = new Map([
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
]);

/** A refund of this many cents is made by the sandbox but its first answer is lost ($4.08, as card …0408). */
export const SANDBOX_REFUND_NO_ANSWER_CENTS = 408;

const shortHash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 24);

/** Where the sandbox keeps its charges: the database for a server (shared by its processes), memory in tests. */
export interface SandboxChargeStore {
  /** Records the charge under its key unless one is there already; answers the one that stands. */
  record(request: ChargeRequest, result: ChargeResult): Promise<ChargeResult>;
  find(request: Pick<ChargeRequest, 'idempotencyKey' | 'attemptId'>): Promise<ChargeResult | null>;
  /**
   * Records the refund under its key unless one is there already; answers the one that stands, and
   * whether this call made it.
   */
  recordRefund(request: RefundRequest, id: string): Promise<{ result: RefundResult; made: boolean }>;
}

export class MemoryChargeStore implements SandboxChargeStore {
  private readonly charges = new Map<string, ChargeResult>();
  async record(request: ChargeRequest, result: ChargeResult) {
    const previous = this.charges.get(request.idempotencyKey);
    if (previous) return previous;
    this.charges.set(request.idempotencyKey, result);
    return result;
  }
  async find(request: Pick<ChargeRequest, 'idempotencyKey'>) {
    return this.charges.get(request.idempotencyKey) ?? null;
  }
  readonly refunds = new Map<string, RefundRequest & { id: string }>();
  async recordRefund(request: RefundRequest, id: string) {
    const previous = this.refunds.get(request.idempotencyKey);
    if (!previous) this.refunds.set(request.idempotencyKey, { ...request, id });
    return { result: { status: 'succeeded', id: previous?.id ?? id } as const, made: !previous };
  }
  /** How many charges succeeded (tests count what the provider saw). */
  succeeded(): number {
    return [...this.charges.values()].filter((c) => c.status === 'succeeded').length;
  }
}

/**
 * The local card provider: Stripe-shaped ids (`pm_…`, `pi_…`), Stripe's test numbers and decline codes.
 * Sandbox payment methods carry their test card in the id (`pm_sbx_<number>_<exp>_<nonce>`), the way
 * Stripe's `pm_card_visa` names do, so the sandbox never sees a real card. Its charges are kept in a
 * store of its own (`sandbox_charges` for a server), as Stripe keeps its own: a charge outlives the
 * process that asked for it, and is found again by its key.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;

  constructor(readonly store: SandboxChargeStore = new MemoryChargeStore()) {}

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
    const { card } = this.cardFor(request.paymentMethodId);
    const id = `pi_sbx_${shortHash(request.idempotencyKey)}`;
    const summary = { brand: card.brand, last4: card.last4 };
    const decline =
      card.behaviour === 'succeeds' || card.behaviour === 'no-answer' ? null : DECLINES[card.behaviour];
    const result = await this.store.record(
      request,
      decline
        ? { status: 'failed', id, code: decline.code, message: decline.message, card: summary }
        : { status: 'succeeded', id, card: summary },
    );
    // The charge is made and kept; its answer is lost on the way back (a timeout, a dropped connection).
    // A zero-amount card check is answered, so the card can be put on file.
    if (card.behaviour === 'no-answer' && request.amountCents > 0) await new Promise<never>(() => undefined);
    return result;
  }

  findCharge(request: Pick<ChargeRequest, 'idempotencyKey' | 'attemptId'>): Promise<ChargeResult | null> {
    return this.store.find(request);
  }

  /**
   * Refunds are always accepted by the sandbox, once per key (`re_sbx_…`). A refund of exactly
   * SANDBOX_REFUND_NO_ANSWER_CENTS is the sandbox's own case, as card 4000000000000408 is for charges:
   * the refund is made, but the answer to the request that made it never comes back; asked again with
   * the same key, the refund that stands is the answer.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const { result, made } = await this.store.recordRefund(
      request,
      `re_sbx_${shortHash(request.idempotencyKey)}`,
    );
    if (made && request.amountCents === SANDBOX_REFUND_NO_ANSWER_CENTS)
      await new Promise<never>(() => undefined);
    return result;
  }
}
