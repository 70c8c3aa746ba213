import { CARD_EXPIRING_EMAIL } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { queueEmail } from '../mail';
import type { Mailer } from '../ports/mailer';
import { keepCardUpdate, keepExpiringNotice, lockExpiringCard } from './card-events-repository';
import { applyOnce, keepAlone, receivedFrom, receivedOf, type Received } from './keep-once';
import type { KeptEvent } from './payment-events-repository';
import { int, obj, str, type Applied, type ProviderEvent } from './provider-event';

/** The outbox kind of the expiring-card email. */
export const CARD_EXPIRING_EMAIL_KIND = 'card-expiring';

const cardOf = (fields: Record<string, unknown>) => {
  const brand = str(fields.brand);
  const last4 = str(fields.last4);
  const expMonth = int(fields.exp_month);
  const expYear = int(fields.exp_year);
  return brand && last4 && expMonth && expYear ? { brand, last4, expMonth, expYear } : null;
};

/**
 * payment_method.automatically_updated: the card network gave the card on file a new number or expiry
 * (Stripe's card account updater); the portal shows and charges what it says. Only the newest such
 * event about the card writes: a late one changes nothing. Kept and applied by one statement.
 */
export async function receiveCardUpdated(
  deps: { database: Transactional },
  event: ProviderEvent,
  row: KeptEvent,
): Promise<Received> {
  const card = cardOf(obj(event.data.object.card));
  if (!row.objectId || !card) return keepAlone(deps.database, row, 'unmatched');
  return receivedFrom(await keepCardUpdate(deps.database, row, card));
}

/**
 * customer.source.expiring: Stripe's notice, about a month ahead, that the card expires. The card's
 * details are taken as the event gives them, and the account holder is emailed once per card and
 * expiry through the outbox, however often the notice comes. A notice that emails no one (most: a card
 * already emailed, an old expiry) is kept by one statement; one whose email is due is decided again with
 * the card locked, and its email queued in the transaction that keeps it.
 */
export async function receiveCardExpiring(
  deps: { database: Transactional; mailer?: Pick<Mailer, 'wake'> },
  event: ProviderEvent,
  row: KeptEvent,
): Promise<Received> {
  const card = cardOf(event.data.object);
  if (!row.objectId || !card) return keepAlone(deps.database, row, 'unmatched');
  const decided = await keepExpiringNotice(deps.database, row, card);
  const known = receivedOf(decided);
  if (known) return known;
  return applyOnce(deps.database, row, (tx) => emailExpiringCard(tx, deps, row.objectId!, row.id, card));
}

/** The email of an expiring card, decided on the locked card (another notice may have emailed it). */
async function emailExpiringCard(
  tx: Transactional,
  deps: { mailer?: Pick<Mailer, 'wake'> },
  methodId: string,
  eventId: string,
  card: { expMonth: number; expYear: number },
): Promise<Applied> {
  const found = await lockExpiringCard(tx, methodId, eventId);
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
