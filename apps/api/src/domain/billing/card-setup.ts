import type { Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import { UnknownPaymentMethodError, type CardDetails, type PaymentProvider } from '../ports/payment-provider';
import { changeCard, type BillingActor } from './billing-changes';
import { accountCustomerId, keepAccountCustomer, paymentMethodOwner } from './billing-repository';

/**
 * The idempotency key of the account's Customer: derived from the account id alone, so every request
 * that finds no Customer yet (two first saves at once, on two processes) asks for the same one, and the
 * provider makes it once.
 */
export const customerKey = (accountId: string) => `enq-customer-${accountId}`;

/** The account's Customer at the card provider: the stored one, or one made now (once) and stored. */
export async function providerCustomer(
  database: Transactional,
  payments: PaymentProvider,
  accountId: string,
): Promise<string> {
  const stored = await accountCustomerId(database, accountId);
  if (stored) return stored;
  const made = await payments.createCustomer({ accountId, idempotencyKey: customerKey(accountId) });
  return keepAccountCustomer(database, accountId, made.id);
}

/**
 * Saves a card the way Stripe saves one (docs/billing.md, "Payments"): a SetupIntent for off-session
 * use on the account's Customer, confirmed with the payment method, which attaches it there; it then
 * becomes the Customer's default. Nothing is charged. The keys are derived from the account and the
 * payment method, so a save retried after a lost answer asks for the same intent and confirmation.
 */
async function setUpCard(
  database: Transactional,
  payments: PaymentProvider,
  accountId: string,
  paymentMethodId: string,
  returnUrl: string | null,
): Promise<{ paymentMethodId: string; card: CardDetails } | { clientSecret: string }> {
  const customerId = await providerCustomer(database, payments, accountId);
  const key = `enq-setup-${accountId}-${paymentMethodId}`;
  const intent = await payments.createSetupIntent({ customerId, idempotencyKey: key });
  const result = await payments.confirmSetupIntent({
    setupIntentId: intent.id,
    paymentMethodId,
    idempotencyKey: `${key}-confirm`,
    returnUrl,
  });
  if (result.status === 'failed') throw new DomainError('card-declined', result.message, 'pm_id');
  // The bank asks the cardholder first: the page authenticates, then asks to save the same card again,
  // which finds the same intent (same keys) succeeded.
  if (result.status === 'requires_action') return { clientSecret: result.clientSecret };
  await payments.setDefaultPaymentMethod({ customerId, paymentMethodId: result.paymentMethodId });
  return { paymentMethodId: result.paymentMethodId, card: result.card };
}

/**
 * Makes the provider's payment method the account's card on file (API-09): set up on the account's
 * Customer when new, taken as it is when the account saved it before (idempotent for the same pm_id).
 * A method another account saved is refused; a card its setup refuses keeps the card on file. A card
 * whose bank asks for authentication answers `requires_action` with the intent's client secret, and
 * nothing changes until the cardholder completes it and the page asks again.
 */
export async function saveCard(
  database: Transactional,
  payments: PaymentProvider,
  actor: BillingActor,
  paymentMethodId: string,
  now: Date,
  returnUrl: string | null = null,
): Promise<{ state: 'saved' } | { state: 'requires_action'; clientSecret: string }> {
  const owner = await paymentMethodOwner(database, paymentMethodId);
  if (owner !== null && owner !== actor.accountId)
    throw new DomainError('conflict', 'That card belongs to another account.', 'pm_id');
  let saved: { paymentMethodId: string; card: CardDetails } | { clientSecret: string };
  try {
    // Asked first, so a payment method the provider does not know changes nothing (not even a Customer).
    const card = await payments.describePaymentMethod(paymentMethodId);
    saved = owner
      ? { paymentMethodId, card }
      : await setUpCard(database, payments, actor.accountId, paymentMethodId, returnUrl);
  } catch (error) {
    if (error instanceof UnknownPaymentMethodError) throw new DomainError('invalid', error.message, 'pm_id');
    throw error;
  }
  if ('clientSecret' in saved) return { state: 'requires_action', clientSecret: saved.clientSecret };
  await changeCard(database, actor, saved.paymentMethodId, saved.card, now);
  return { state: 'saved' };
}
