import type { Transactional } from '../../db/handle';
import { putCardOnFile } from '../billing';
import type { Clock } from '../ports/clock';
import type { CardDetails } from '../ports/payment-provider';
import { findSetupAccount } from './setup-intents-repository';
import { idOf, num, obj, str, type Applied, type ProviderEvent } from './provider-event';

/** What setup_intent.succeeded needs besides the database: the card's details, asked of the provider. */
export interface SetupEventDeps {
  clock: Clock;
  /** The provider's PaymentMethod (Stripe's event names it by id; the card's brand and digits are asked). */
  describeCard?: (paymentMethodId: string) => Promise<CardDetails>;
}

/** The card of an expanded PaymentMethod, or null when the event names it by id alone. */
const expandedCard = (method: unknown): CardDetails | null => {
  const card = obj(obj(method).card);
  const brand = str(card.brand);
  const last4 = str(card.last4);
  const expMonth = num(card.exp_month);
  const expYear = num(card.exp_year);
  return brand && last4 && expMonth && expYear ? { brand, last4, expMonth, expYear } : null;
};

/**
 * setup_intent.succeeded: a card saved with a SetupIntent (the bank's step done, perhaps) is attached to
 * the account's Customer. It becomes the card on file, as the page's own save makes it, once whichever
 * of the two comes first; never a charge. A card the account saved before (a late event about it) and
 * an event older than another setup_intent.succeeded kept for the account change nothing.
 */
export async function applySetupSucceeded(
  tx: Transactional,
  deps: SetupEventDeps,
  event: ProviderEvent,
): Promise<Applied> {
  const intent = event.data.object;
  const customerId = idOf(intent.customer);
  const methodId = idOf(intent.payment_method);
  if (!customerId || !methodId || str(intent.status) !== 'succeeded')
    return { outcome: 'unmatched', accountId: null };
  const found = await findSetupAccount(tx, customerId, methodId, {
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
  });
  // Another system's Customer on the same Stripe account, or a card another account holds.
  if (!found || found.taken) return { outcome: 'unmatched', accountId: null };
  const accountId = found.account_id;
  if (found.saved || found.newer) return { outcome: 'no-change', accountId };
  const card = expandedCard(intent.payment_method) ?? (await deps.describeCard?.(methodId));
  if (!card) return { outcome: 'unmatched', accountId };
  const changed = await putCardOnFile(tx, { accountId, personId: null }, methodId, card, deps.clock.now());
  return { outcome: changed ? 'applied' : 'no-change', accountId };
}
