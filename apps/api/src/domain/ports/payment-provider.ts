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

/** The card payment provider behind one interface: the local sandbox, or Stripe. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Given to the page for Stripe Elements; null for the sandbox. */
  readonly publishableKey: string | null;
  describePaymentMethod(paymentMethodId: string): Promise<CardDetails>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export class UnknownPaymentMethodError extends Error {}
