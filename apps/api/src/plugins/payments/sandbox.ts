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
import { UnknownPaymentMethodError } from '../../domain/ports/payment-provider';
import {
  AUTHENTICATION_FAILED,
  DECLINES,
  NAMED_TEST_METHODS,
  TEST_CARDS,
  intentOfSecret,
  sandboxClientSecret,
  sandboxMethod,
  sandboxMethodId,
  shortHash,
} from './sandbox-cards';
import { chargeEvents, chargeOf, seconds, setupSucceededEvents } from './sandbox-charge-events';
import { sandboxEvent, sandboxObjects } from './sandbox-event-objects';
import { MemoryChargeStore, type SandboxChargeStore, type SandboxSetupIntent } from './sandbox-store';

export { MemoryChargeStore, type SandboxChargeStore } from './sandbox-store';

/** A refund of this many cents is made by the sandbox but its first answer is lost ($4.08, as card …0408). */
export const SANDBOX_REFUND_NO_ANSWER_CENTS = 408;

/**
 * The local card provider, playing Stripe's part: Stripe-shaped ids (`cus_…`, `seti_…`, `pm_…`, `pi_…`),
 * its test numbers and decline codes, and its rules for saving cards. A card is saved by confirming a
 * SetupIntent on the account's Customer, which attaches it there and never charges; a payment method
 * attached to a Customer is charged only with that Customer named. Its records are kept in a store of
 * its own (`sandbox_*` tables for a server), as Stripe keeps its own: they outlive the process that
 * asked, and are found again by their keys.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;

  constructor(readonly store: SandboxChargeStore = new MemoryChargeStore()) {}

  /**
   * Called once a write has kept events to send (set by the sandbox-events plugin, which delivers them
   * to the portal's webhook after the answer); unset, they wait in the store.
   */
  onEvents: (() => void) | null = null;

  /** Awaits a write that kept events, then says so (a write that found its record kept none: harmless). */
  private keep<T>(write: Promise<T>): Promise<T> {
    return write.then((result) => (this.onEvents?.(), result));
  }

  /**
   * Stripe's notice that a saved card expires soon (customer.source.expiring, about a month ahead),
   * given when asked: the sandbox's cards have no calendar of their own.
   */
  async cardExpiring(paymentMethodId: string): Promise<void> {
    const { card, expMonth, expYear } = sandboxMethod(paymentMethodId);
    const details = { id: paymentMethodId, brand: card.brand, last4: card.last4, expMonth, expYear };
    const events = [sandboxEvent('customer.source.expiring', sandboxObjects.card(details), seconds())];
    await this.keep(this.store.queueEvents(events));
  }

  /** What the sandbox card form does in place of Stripe.js: a test card number becomes a payment method. */
  createPaymentMethod(card: { number: string; expMonth: number; expYear: number }, nonce: string): string {
    const number = card.number.replace(/\s+/g, '');
    if (!TEST_CARDS.has(number))
      throw new UnknownPaymentMethodError('Use one of the test card numbers in the sandbox.');
    return sandboxMethodId(number, card.expMonth, card.expYear, nonce);
  }

  async describePaymentMethod(paymentMethodId: string): Promise<CardDetails> {
    const { card, expMonth, expYear } = sandboxMethod(paymentMethodId);
    return { brand: card.brand, last4: card.last4, expMonth, expYear };
  }

  async createCustomer(request: CustomerRequest): Promise<{ id: string }> {
    const id = await this.store.recordCustomer(
      request.idempotencyKey,
      `cus_sbx_${shortHash(request.idempotencyKey)}`,
    );
    return { id };
  }

  async createSetupIntent(request: SetupIntentRequest): Promise<SetupIntent> {
    const id = `seti_sbx_${shortHash(request.idempotencyKey)}`;
    const intent = await this.store.recordSetupIntent(request.idempotencyKey, {
      id,
      customerId: request.customerId,
      status: 'requires_payment_method',
      paymentMethodId: null,
      failureCode: null,
      failureMessage: null,
    });
    return { id: intent.id, clientSecret: sandboxClientSecret(intent.id) };
  }

  /**
   * Saves the card as Stripe's SetupIntent does: a card its network refuses outright is refused (the
   * intent waits for another), any other is attached to the intent's Customer. A named test method saves
   * a copy of its own (one per intent), so `pm_card_visa` serves every account. A succeeded intent
   * answers its outcome again, as a replayed request does at Stripe.
   */
  async confirmSetupIntent(request: ConfirmSetupRequest): Promise<SetupResult> {
    const intent = await this.store.findSetupIntent(request.setupIntentId);
    if (!intent) throw new Error(`No such setupintent: '${request.setupIntentId}'`);
    if (intent.status === 'succeeded') return this.setupResult(intent);
    // Waiting for the cardholder on the bank's page: a confirmation meanwhile answers the same step.
    if (intent.status === 'requires_action')
      return { status: 'requires_action', id: intent.id, clientSecret: sandboxClientSecret(intent.id) };
    const method = sandboxMethod(request.paymentMethodId);
    if (method.card.setup !== 'saves') {
      const decline = DECLINES[method.card.setup];
      await this.store.settleSetupIntent(intent.id, {
        status: 'requires_payment_method',
        paymentMethodId: null,
        failureCode: decline.code,
        failureMessage: decline.message,
      });
      return { status: 'failed', id: intent.id, code: decline.code, message: decline.message };
    }
    const saved = NAMED_TEST_METHODS.has(request.paymentMethodId)
      ? sandboxMethodId(method.number, method.expMonth, method.expYear, shortHash(`copy:${intent.id}`))
      : request.paymentMethodId;
    if (method.card.authentication !== 'never') {
      // The bank asks first: nothing is attached until the cardholder completes its page.
      await this.store.settleSetupIntent(intent.id, {
        status: 'requires_action',
        paymentMethodId: saved,
        failureCode: null,
        failureMessage: null,
      });
      return { status: 'requires_action', id: intent.id, clientSecret: sandboxClientSecret(intent.id) };
    }
    const result = await this.attachAndSucceed(intent, saved, false);
    // Saved and kept; the answer to this confirmation is lost (a timeout, a dropped connection).
    if (method.card.setupNoAnswer) await new Promise<never>(() => undefined);
    return result;
  }

  private async attachAndSucceed(intent: SandboxSetupIntent, saved: string, authenticated: boolean) {
    const owner = await this.store.attach(saved, intent.customerId, authenticated);
    if (owner !== intent.customerId)
      throw new UnknownPaymentMethodError(
        'The payment method you provided has already been attached to a customer.',
      );
    const events = setupSucceededEvents(intent.id, intent.customerId, saved);
    const settled = await this.keep(
      this.store.settleSetupIntent(
        intent.id,
        { status: 'succeeded', paymentMethodId: saved, failureCode: null, failureMessage: null },
        events,
      ),
    );
    return this.setupResult(settled);
  }

  private async setupResult(intent: SandboxSetupIntent): Promise<SetupResult> {
    if (intent.status === 'requires_action')
      return { status: 'requires_action', id: intent.id, clientSecret: sandboxClientSecret(intent.id) };
    if (intent.status !== 'succeeded')
      return { status: 'failed', id: intent.id, code: intent.failureCode!, message: intent.failureMessage! };
    const paymentMethodId = intent.paymentMethodId!;
    return {
      status: 'succeeded',
      id: intent.id,
      paymentMethodId,
      card: await this.describePaymentMethod(paymentMethodId),
    };
  }

  async setDefaultPaymentMethod(request: { customerId: string; paymentMethodId: string }): Promise<void> {
    if ((await this.store.attachedTo(request.paymentMethodId)) !== request.customerId)
      throw new Error(
        `The payment method ${request.paymentMethodId} is not attached to ${request.customerId}.`,
      );
    await this.store.setDefault(request.customerId, request.paymentMethodId);
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const { card } = sandboxMethod(request.paymentMethodId);
    const id = `pi_sbx_${shortHash(request.idempotencyKey)}`;
    const summary = { brand: card.brand, last4: card.last4 };
    const decline =
      card.behaviour === 'succeeds' || card.behaviour === 'no-answer' ? null : DECLINES[card.behaviour];
    const authentication = await this.asksAuthentication(request);
    const result = await this.keep(
      this.store.record(
        request,
        authentication
          ? { status: 'requires_action', id, clientSecret: sandboxClientSecret(id), card: summary }
          : decline
            ? { status: 'failed', id, code: decline.code, message: decline.message, card: summary }
            : { status: 'succeeded', id, card: summary },
        chargeEvents(request, id, card, authentication ? 'requires_action' : decline),
      ),
    );
    // Stripe's rule: a payment method saved on a Customer is charged with that Customer named. Refused
    // before any charge (the store records nothing then).
    if (!result)
      throw new UnknownPaymentMethodError(
        `The PaymentMethod provided (${request.paymentMethodId}) belongs to a Customer, which the charge does not name.`,
      );
    // The charge is made and kept; its answer is lost on the way back (a timeout, a dropped connection).
    if (card.behaviour === 'no-answer') await new Promise<never>(() => undefined);
    return result;
  }

  /**
   * Stripe's authentication test cards: …3184 asks on every charge; …3155 on every charge except an
   * off-session one of the card saved with authentication.
   */
  private async asksAuthentication(request: ChargeRequest): Promise<boolean> {
    const { authentication } = sandboxMethod(request.paymentMethodId).card;
    if (authentication === 'never') return false;
    if (authentication === 'always' || request.offSession === false) return true;
    return !(await this.store.savedWithAuthentication(request.paymentMethodId));
  }

  findCharge(request: Pick<ChargeRequest, 'idempotencyKey' | 'attemptId'>): Promise<ChargeResult | null> {
    return this.store.find(request);
  }

  /** The sandbox's intents wait in requires_action, off-session ones too, until the bank's page answers. */
  async resumeCharge(request: ResumeChargeRequest): Promise<ChargeResult> {
    const found = await this.store.findById(request.chargeId);
    if (!found) throw new Error(`No such payment_intent: '${request.chargeId}'`);
    return found;
  }

  /**
   * The bank's page answered (sandbox only: plugins' sandbox authentication page): the intent the
   * client secret belongs to is completed or failed. A SetupIntent completed attaches its card, saved
   * with authentication. Answers false for a secret the sandbox never gave.
   */
  async authenticate(clientSecret: string, completed: boolean): Promise<boolean> {
    const id = intentOfSecret(clientSecret);
    if (!id) return false;
    if (id.startsWith('pi_')) {
      // The intent's outcome is sent to the portal as Stripe sends it, whether or not the page comes back.
      const failure = completed ? null : AUTHENTICATION_FAILED;
      await this.keep(this.store.authenticateCharge(id, failure, (c) => chargeEvents(c, id, {}, failure)));
      return true;
    }
    const intent = await this.store.findSetupIntent(id);
    if (!intent) return false;
    if (intent.status !== 'requires_action') return true;
    if (completed) await this.attachAndSucceed(intent, intent.paymentMethodId!, true);
    else
      await this.store.settleSetupIntent(id, {
        status: 'requires_payment_method',
        paymentMethodId: null,
        failureCode: AUTHENTICATION_FAILED.code,
        failureMessage: AUTHENTICATION_FAILED.message,
      });
    return true;
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
      (charge) => [
        sandboxEvent(
          'charge.refunded',
          sandboxObjects.charge({
            id: chargeOf(request.chargeId),
            intentId: request.chargeId,
            attemptId: charge.attemptId ?? '',
            amountCents: charge.amountCents,
            refundedCents: charge.refundedCents,
          }),
          seconds(),
        ),
      ],
    );
    if (made) this.onEvents?.();
    if (made && request.amountCents === SANDBOX_REFUND_NO_ANSWER_CENTS)
      await new Promise<never>(() => undefined);
    return result;
  }
}
