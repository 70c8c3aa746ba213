/** A card on file as the provider describes it. */
export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeRequest {
  amountCents: number;
  paymentMethodId: string;
  /** The same key always yields the same charge: a retried request never charges twice. */
  idempotencyKey: string;
  /** Our payment attempt's id, stored with the charge at the provider so it can be found again. */
  attemptId: string;
  description: string;
  /**
   * The account's Customer at the provider, named on every off-session charge of a card saved on it:
   * Stripe refuses to charge a saved payment method again without it. Null for a card put on file
   * before cards were saved with a SetupIntent (the demo seed's), which belongs to no Customer.
   */
  customerId: string | null;
  /**
   * Whether the cardholder is away (renewals, period closes, resumes: Stripe's `off_session`) or at the
   * page (Pay now). A card that asks for authentication answers `requires_action` either way; only an
   * on-session charge can be authenticated there and then. Off-session when not given.
   */
  offSession?: boolean;
  /** Where a redirect-based authentication step returns to (on-session only; Stripe's `return_url`). */
  returnUrl?: string | null;
}

/** Stripe's code for an off-session charge the card's bank wants authenticated by the cardholder. */
export const AUTHENTICATION_REQUIRED = 'authentication_required';

export type ChargeResult =
  | { status: 'succeeded'; id: string; card: Pick<CardDetails, 'brand' | 'last4'> }
  | {
      status: 'failed';
      id: string;
      code: string;
      message: string;
      card: Pick<CardDetails, 'brand' | 'last4'>;
    }
  /**
   * The card's bank asks the cardholder to authenticate (strong customer authentication): nothing is
   * charged yet, and the same PaymentIntent is finished on the page with `clientSecret` (Stripe.js's
   * handleNextAction, or the sandbox's bank page). Neither paid nor declined.
   */
  | {
      status: 'requires_action';
      id: string;
      clientSecret: string;
      card: Pick<CardDetails, 'brand' | 'last4'>;
    };

/** Asks again about a charge that needed authentication, with the cardholder at the page. */
export interface ResumeChargeRequest {
  /** The provider's PaymentIntent id (our attempt's provider_payment_id). */
  chargeId: string;
  /** Where a redirect-based authentication step returns to. */
  returnUrl: string;
  /** Derived from our attempt: a resent resume confirms the intent once. */
  idempotencyKey: string;
  card: Pick<CardDetails, 'brand' | 'last4'>;
}

/** A refund of (part of) a charge, asked once per idempotency key. */
export interface RefundRequest {
  /** The provider's id of the charge refunded (our payment's provider_payment_id). */
  chargeId: string;
  amountCents: number;
  /** Derived from our refund attempt: a retry after a lost answer asks the same refund, never a second. */
  idempotencyKey: string;
  /** Our refund attempt's id, stored with the refund at the provider. */
  refundAttemptId: string;
}

export type RefundResult =
  { status: 'succeeded'; id: string } | { status: 'failed'; id: string; message: string };

/** One Customer per account, made once: the same key always answers the same Customer. */
export interface CustomerRequest {
  accountId: string;
  /** Derived from the account id, so two first saves at once (two processes) make one Customer. */
  idempotencyKey: string;
}

/** A SetupIntent for saving a card off-session on a Customer, made once per idempotency key. */
export interface SetupIntentRequest {
  customerId: string;
  idempotencyKey: string;
}

export interface SetupIntent {
  id: string;
  /** What the page would hand to the provider's script to finish a step on the person's side. */
  clientSecret: string;
}

export interface ConfirmSetupRequest {
  setupIntentId: string;
  paymentMethodId: string;
  /** The same key answers the same confirmation: a save retried after a lost answer is not a second one. */
  idempotencyKey: string;
  /** Where a redirect-based authentication step returns to (Stripe's `return_url`). */
  returnUrl?: string | null;
}

/**
 * What a SetupIntent's confirmation came to. `paymentMethodId` is the method saved, attached to the
 * intent's Customer: a named test method (`pm_card_visa`) saves a copy of its own, as with Stripe.
 * `requires_action`: the card asks for authentication; nothing is saved until the cardholder completes it
 * on the page with `clientSecret`, after which a confirmation answers the intent's outcome.
 */
export type SetupResult =
  | { status: 'succeeded'; id: string; paymentMethodId: string; card: CardDetails }
  | { status: 'failed'; id: string; code: string; message: string }
  | { status: 'requires_action'; id: string; clientSecret: string };

/** The card payment provider behind one interface: the local sandbox, or Stripe. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Given to the page for Stripe Elements; null for the sandbox. */
  readonly publishableKey: string | null;
  describePaymentMethod(paymentMethodId: string): Promise<CardDetails>;
  /** The account's Customer, made once per idempotency key (a retry answers the same one). */
  createCustomer(request: CustomerRequest): Promise<{ id: string }>;
  /** A SetupIntent for off-session use on the Customer; never charges. */
  createSetupIntent(request: SetupIntentRequest): Promise<SetupIntent>;
  /**
   * Confirms the SetupIntent with a payment method, which attaches it to the intent's Customer; a card
   * refused by its setup answers `failed` with the provider's code and message. Throws
   * UnknownPaymentMethodError when the provider does not know the payment method.
   */
  confirmSetupIntent(request: ConfirmSetupRequest): Promise<SetupResult>;
  /** Makes an attached payment method the Customer's default (invoice_settings.default_payment_method). */
  setDefaultPaymentMethod(request: { customerId: string; paymentMethodId: string }): Promise<void>;
  /**
   * Charges once per idempotency key. A throw means the outcome is unknown (the request may or may not
   * have reached the provider), except UnknownPaymentMethodError, which means nothing was charged.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What became of an attempt whose answer never arrived, asked by its idempotency key and attempt id;
   * null when the provider has no charge for it (the request never reached it).
   */
  findCharge(request: Pick<ChargeRequest, 'idempotencyKey' | 'attemptId'>): Promise<ChargeResult | null>;
  /**
   * Where a charge that answered `requires_action` stands, with the cardholder now at the page: paid or
   * refused once they have authenticated (or failed to), else `requires_action` with the client secret
   * to authenticate with. An off-session intent Stripe left waiting for a payment method is confirmed
   * again on-session first, so the same intent (never a second one) is authenticated and paid.
   */
  resumeCharge(request: ResumeChargeRequest): Promise<ChargeResult>;
  /**
   * Refunds once per idempotency key: the same key answers the refund already made. A throw means the
   * outcome is unknown; the caller keeps its attempt pending and asks again with the same key.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
}

export class UnknownPaymentMethodError extends Error {}
