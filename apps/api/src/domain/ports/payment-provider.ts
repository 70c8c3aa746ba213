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
  customerId?: string | null;
}

export type ChargeResult =
  | { status: 'succeeded'; id: string; card: Pick<CardDetails, 'brand' | 'last4'> }
  | {
      status: 'failed';
      id: string;
      code: string;
      message: string;
      card: Pick<CardDetails, 'brand' | 'last4'>;
    };

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

/** The card payment provider behind one interface: the local sandbox, or Stripe. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Given to the page for Stripe Elements; null for the sandbox. */
  readonly publishableKey: string | null;
  describePaymentMethod(paymentMethodId: string): Promise<CardDetails>;
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
   * Refunds once per idempotency key: the same key answers the refund already made. A throw means the
   * outcome is unknown; the caller keeps its attempt pending and asks again with the same key.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
}

export class UnknownPaymentMethodError extends Error {}
