import { CARD_EXPIRING_EMAIL } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { queueEmail } from '../mail';
import type { Mailer } from '../ports/mailer';
import { lockExpiringCard, updateCardDetails } from './payment-events-repository';
import { num, obj, str, type Applied, type ProviderEvent } from './provider-event';

/** The outbox kind of the expiring-card email. */
export const CARD_EXPIRING_EMAIL_KIND = 'card-expiring';

const cardOf = (fields: Record<string, unknown>) => {
  const brand = str(fields.brand);
  const last4 = str(fields.last4);
  const expMonth = num(fields.exp_month);
  const expYear = num(fields.exp_year);
  return brand && last4 && expMonth && expYear ? { brand, last4, expMonth, expYear } : null;
};

/**
 * payment_method.automatically_updated: the card network gave the card on file a new number or expiry
 * (Stripe's card account updater); the portal shows and charges what it says. Only the newest such
 * event about the card writes: a late one changes nothing.
 */
export async function applyCardUpdated(tx: Transactional, event: ProviderEvent): Promise<Applied> {
  const method = event.data.object;
  const id = str(method.id);
  const card = cardOf(obj(method.card));
  if (!id || !card) return { outcome: 'unmatched', accountId: null };
  const { newer, accounts } = await updateCardDetails(tx, id, card, {
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
  });
  if (newer) return { outcome: 'no-change', accountId: null };
  return accounts.length
    ? { outcome: 'applied', accountId: accounts[0]! }
    : { outcome: 'unmatched', accountId: null };
}

/**
 * customer.source.expiring: Stripe's notice, about a month ahead, that the card expires. The card's
 * details are taken as the event gives them, and the account holder is emailed once per card and
 * expiry through the outbox, however often the notice comes.
 */
export async function applyCardExpiring(
  tx: Transactional,
  deps: { mailer?: Pick<Mailer, 'wake'> },
  event: ProviderEvent,
): Promise<Applied> {
  const source = event.data.object;
  const id = str(source.id);
  const card = cardOf(source);
  if (!id || !card) return { outcome: 'unmatched', accountId: null };
  const found = await lockExpiringCard(tx, id, event.id);
  if (!found) return { outcome: 'unmatched', accountId: null };
  const accountId = found.account_id;
  if (found.exp_month !== card.expMonth || found.exp_year !== card.expYear || found.emailed)
    return { outcome: 'no-change', accountId };
  if (found.email) {
    await queueEmail(tx, {
      accountId,
      kind: CARD_EXPIRING_EMAIL_KIND,
      to: found.email,
      subject: CARD_EXPIRING_EMAIL.subject,
      text: CARD_EXPIRING_EMAIL.body(
        found.full_name ?? '',
        found.brand,
        found.last4,
        found.exp_month,
        found.exp_year,
      ),
    });
    await deps.mailer?.wake(tx);
  }
  return { outcome: 'applied', accountId };
}
