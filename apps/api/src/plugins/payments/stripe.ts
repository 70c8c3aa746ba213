import Stripe from 'stripe';
import type {
  CardDetails,
  ChargeRequest,
  ChargeResult,
  ConfirmSetupRequest,
  CustomerRequest,
  PaymentProvider,
  RefundRequest,
  RefundResult,
  SetupIntent,
  SetupIntentRequest,
  SetupResult,
} from '../../domain/ports/payment-provider';
import { UnknownPaymentMethodError } from '../../domain/ports/payment-provider';

/**
 * Stripe, through its official SDK. A card is saved with a SetupIntent (usage off_session) on the
 * account's Customer, confirmed with the payment method the page made with Stripe.js; the Customer's
 * default is set to it. Charges are off-session PaymentIntents confirmed at once, naming the Customer.
 * Only cards are asked for (allowed_payment_method_types), so a confirmation needs no return_url.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  /** `options`: the SDK's own (tests point `host`, `port` and `protocol` at a local server). */
  constructor(
    secretKey: string,
    readonly publishableKey: string | null,
    options?: Stripe.StripeConfig,
  ) {
    this.stripe = new Stripe(secretKey, options);
  }

  async createCustomer(request: CustomerRequest): Promise<{ id: string }> {
    const customer = await this.stripe.customers.create(
      { metadata: { account_id: request.accountId } },
      { idempotencyKey: request.idempotencyKey },
    );
    return { id: customer.id };
  }

  async createSetupIntent(request: SetupIntentRequest): Promise<SetupIntent> {
    const intent = await this.stripe.setupIntents.create(
      { customer: request.customerId, usage: 'off_session', allowed_payment_method_types: ['card'] },
      { idempotencyKey: request.idempotencyKey },
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  /**
   * Confirms server-side with the payment method; on success Stripe attaches it to the intent's
   * Customer. The method is expanded so its card comes back with the answer.
   */
  async confirmSetupIntent(request: ConfirmSetupRequest): Promise<SetupResult> {
    let intent: Stripe.SetupIntent;
    try {
      intent = await this.stripe.setupIntents.confirm(
        request.setupIntentId,
        { payment_method: request.paymentMethodId, expand: ['payment_method'] },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        return {
          status: 'failed',
          id: error.setup_intent?.id ?? request.setupIntentId,
          code: error.decline_code ?? error.code ?? 'card_declined',
          message: error.message,
        };
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new UnknownPaymentMethodError(error.message);
      throw error;
    }
    const method = intent.payment_method;
    if (intent.status !== 'succeeded' || !method || typeof method === 'string' || !method.card)
      return {
        status: 'failed',
        id: intent.id,
        code: intent.last_setup_error?.decline_code ?? intent.last_setup_error?.code ?? intent.status,
        message: intent.last_setup_error?.message ?? 'The card could not be saved.',
      };
    return {
      status: 'succeeded',
      id: intent.id,
      paymentMethodId: method.id,
      card: {
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      },
    };
  }

  async setDefaultPaymentMethod(request: { customerId: string; paymentMethodId: string }): Promise<void> {
    await this.stripe.customers.update(request.customerId, {
      invoice_settings: { default_payment_method: request.paymentMethodId },
    });
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
          // A card saved on the Customer is charged again only with the Customer named.
          ...(request.customerId ? { customer: request.customerId } : {}),
          allowed_payment_method_types: ['card'],
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
