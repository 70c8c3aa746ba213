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
  ResumeChargeRequest,
  SetupIntent,
  SetupIntentRequest,
  SetupResult,
} from '../../domain/ports/payment-provider';
import { AUTHENTICATION_REQUIRED, UnknownPaymentMethodError } from '../../domain/ports/payment-provider';

/**
 * Stripe, through its official SDK. A card is saved with a SetupIntent (usage off_session) on the
 * account's Customer, confirmed with the payment method the page made with Stripe.js; the Customer's
 * default is set to it. Charges are PaymentIntents confirmed at once, naming the Customer: off-session
 * (off_session) for closes, renewals and resumes, on-session with a return_url for Pay now. A card whose
 * bank asks for authentication answers requires_action with the intent's client secret, which the page
 * finishes with Stripe.js's handleNextAction (docs/billing.md, "Strong customer authentication").
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
      // Asked again after the cardholder's authentication: the intent's outcome is the answer (a second
      // confirmation would start the bank's step over).
      intent = await this.stripe.setupIntents.retrieve(request.setupIntentId, { expand: ['payment_method'] });
      if (intent.status !== 'succeeded' && intent.status !== 'requires_action') {
        const params: Stripe.SetupIntentConfirmParams = {
          payment_method: request.paymentMethodId,
          expand: ['payment_method'],
          ...(request.returnUrl ? { return_url: request.returnUrl } : {}),
        };
        intent = await this.stripe.setupIntents.confirm(request.setupIntentId, params, {
          idempotencyKey: request.idempotencyKey,
        });
      }
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
    if (intent.status === 'requires_action')
      return { status: 'requires_action', id: intent.id, clientSecret: intent.client_secret ?? '' };
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
    const params: Stripe.PaymentIntentCreateParams = {
      amount: request.amountCents,
      currency: 'usd',
      payment_method: request.paymentMethodId,
      // A card saved on the Customer is charged again only with the Customer named.
      ...(request.customerId ? { customer: request.customerId } : {}),
      allowed_payment_method_types: ['card'],
      description: request.description,
      metadata: { attempt_id: request.attemptId },
      confirm: true,
      // The cardholder away: Stripe's exemptions apply, and a bank that insists answers
      // authentication_required. At the page: the bank's step may run, returning to return_url.
      ...(request.offSession === false
        ? request.returnUrl
          ? { return_url: request.returnUrl }
          : {}
        : { off_session: true }),
    };
    try {
      const intent = await this.stripe.paymentIntents.create(params, {
        idempotencyKey: request.idempotencyKey,
      });
      return resultOf(intent, summary);
    } catch (error) {
      const waiting = authenticationNeeded(error, summary);
      if (waiting) return waiting;
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

  /**
   * The intent of a charge that needed authentication, with the cardholder at the page. An off-session
   * intent the bank refused with authentication_required waits for a payment method: it is confirmed
   * again on-session with the same card (Stripe's recovery of an off-session payment), which gives the
   * bank's step; otherwise where it stands is the answer.
   */
  async resumeCharge(request: ResumeChargeRequest): Promise<ChargeResult> {
    const intent = await this.stripe.paymentIntents.retrieve(request.chargeId);
    const error = intent.last_payment_error;
    if (intent.status !== 'requires_payment_method' || error?.code !== AUTHENTICATION_REQUIRED)
      return resultOf(intent, request.card);
    const method =
      error.payment_method?.id ??
      (typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id);
    const params: Stripe.PaymentIntentConfirmParams = {
      ...(method ? { payment_method: method } : {}),
      return_url: request.returnUrl,
    };
    try {
      const confirmed = await this.stripe.paymentIntents.confirm(request.chargeId, params, {
        idempotencyKey: request.idempotencyKey,
      });
      return resultOf(confirmed, request.card);
    } catch (caught) {
      const waiting = authenticationNeeded(caught, request.card);
      if (waiting) return waiting;
      if (caught instanceof Stripe.errors.StripeCardError)
        return {
          status: 'failed',
          id: request.chargeId,
          code: caught.decline_code ?? caught.code ?? 'card_declined',
          message: caught.message,
          card: request.card,
        };
      throw caught;
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

/**
 * Stripe refuses an off-session charge whose bank insists on authentication with a card error
 * (authentication_required) that carries the intent: it waits for the cardholder, it is not a decline.
 */
function authenticationNeeded(error: unknown, card: ChargeResult['card']): ChargeResult | null {
  if (!(error instanceof Stripe.errors.StripeCardError) || error.code !== AUTHENTICATION_REQUIRED)
    return null;
  const intent = error.payment_intent;
  if (!intent) return null;
  return { status: 'requires_action', id: intent.id, clientSecret: intent.client_secret ?? '', card };
}

function resultOf(intent: Stripe.PaymentIntent, card: ChargeResult['card']): ChargeResult {
  if (intent.status === 'succeeded') return { status: 'succeeded', id: intent.id, card };
  if (intent.status === 'requires_action')
    return { status: 'requires_action', id: intent.id, clientSecret: intent.client_secret ?? '', card };
  // An off-session intent refused for authentication waits for the cardholder (resumeCharge).
  if (
    intent.status === 'requires_payment_method' &&
    intent.last_payment_error?.code === AUTHENTICATION_REQUIRED
  )
    return { status: 'requires_action', id: intent.id, clientSecret: intent.client_secret ?? '', card };
  return {
    status: 'failed',
    id: intent.id,
    code: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? intent.status,
    message: intent.last_payment_error?.message ?? 'The payment needs attention.',
    card,
  };
}
