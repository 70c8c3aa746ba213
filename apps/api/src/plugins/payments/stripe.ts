import Stripe from 'stripe';
import type {
  CardDetails,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  RefundRequest,
  RefundResult,
} from '../../domain/ports/payment-provider';
import { UnknownPaymentMethodError } from '../../domain/ports/payment-provider';

/** Stripe, through its official SDK: charges are off-session PaymentIntents confirmed at once. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    readonly publishableKey: string | null,
  ) {
    this.stripe = new Stripe(secretKey);
  }

  async describePaymentMethod(paymentMethodId: string): Promise<CardDetails> {
    try {
      const method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
      if (!method.card) throw new UnknownPaymentMethodError('That payment method is not a card.');
      return {
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new UnknownPaymentMethodError(error.message);
      throw error;
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const card = await this.describePaymentMethod(request.paymentMethodId);
    const summary = { brand: card.brand, last4: card.last4 };
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          payment_method: request.paymentMethodId,
          ...(request.customerId ? { customer: request.customerId } : {}),
          description: request.description,
          metadata: { attempt_id: request.attemptId },
          confirm: true,
          off_session: true,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return resultOf(intent, summary);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return {
          status: 'failed',
          id: error.payment_intent?.id ?? `pi_failed_${request.idempotencyKey}`,
          code: error.decline_code ?? error.code ?? 'card_declined',
          message: error.message,
          card: summary,
        };
      }
      throw error;
    }
  }

  refund(request: RefundRequest): Promise<RefundResult> {
    return stripeRefund(this.stripe, request);
  }

  /** The PaymentIntent made for the attempt, found by the metadata written with it. */
  async findCharge(
    request: Pick<ChargeRequest, 'idempotencyKey' | 'attemptId'>,
  ): Promise<ChargeResult | null> {
    const found = await this.stripe.paymentIntents.search({
      query: `metadata['attempt_id']:'${request.attemptId.replace(/[^\w-]/g, '')}'`,
      expand: ['data.payment_method'],
    });
    const intent = found.data[0];
    if (!intent) return null;
    // Not decided yet at Stripe: the attempt stays pending and is asked about again later.
    if (intent.status === 'processing') throw new Error(`payment ${intent.id} is still processing`);
    const method = intent.payment_method;
    const card =
      method && typeof method !== 'string' && method.card
        ? { brand: method.card.brand, last4: method.card.last4 }
        : { brand: 'card', last4: '' };
    return resultOf(intent, card);
  }
}

/**
 * Stripe's refund of a PaymentIntent, made once per idempotency key (derived from our refund attempt):
 * a retry after a lost answer gets the same refund back. A pending refund is accepted (Stripe settles it
 * with the card network); a failed or cancelled one is not.
 */
export async function stripeRefund(stripe: Stripe, request: RefundRequest): Promise<RefundResult> {
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: request.chargeId,
        amount: request.amountCents,
        metadata: { refund_attempt_id: request.refundAttemptId },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return refund.status === 'failed' || refund.status === 'canceled'
      ? { status: 'failed', id: refund.id, message: refund.failure_reason ?? 'The refund failed.' }
      : { status: 'succeeded', id: refund.id };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError)
      return { status: 'failed', id: `re_failed_${request.idempotencyKey}`, message: error.message };
    throw error;
  }
}

function resultOf(intent: Stripe.PaymentIntent, card: ChargeResult['card']): ChargeResult {
  if (intent.status === 'succeeded') return { status: 'succeeded', id: intent.id, card };
  return {
    status: 'failed',
    id: intent.id,
    code: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status,
    message: intent.last_payment_error?.message ?? 'The payment needs attention.',
    card,
  };
}
