import { normalizeAddress, type Address } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { recordActivity } from '../activity';
import { lockCardOnFile, saveAddresses, saveDefaultCard } from './billing-repository';
import { billingActivityView } from './billing-view';

const clean = (address: Address): Address => {
  const out = normalizeAddress(address);
  for (const key of Object.keys(out) as (keyof Address)[]) out[key] = out[key].trim();
  out.country = out.country.toUpperCase();
  return out;
};

/** Who makes a billing change: it is recorded in the account's activity log with them (ACT-01). */
export interface BillingActor {
  accountId: string;
  personId: string;
}

/**
 * Saves both addresses, trimmed and the country in capitals (with sameBilling the billing address is the
 * service address), and records the change, in one transaction.
 */
export async function changeAddresses(
  database: Transactional,
  actor: BillingActor,
  service: Address,
  billing: Address,
  sameBilling: boolean,
) {
  return database.transaction(async (tx) => {
    const { service_address, billing_address } = await billingActivityView(tx, actor.accountId);
    const serviceAddress = clean(service);
    const saved = {
      service_address: serviceAddress,
      billing_address: sameBilling ? { ...serviceAddress } : clean(billing),
    };
    await saveAddresses(tx, actor.accountId, saved.service_address, saved.billing_address);
    await recordActivity(tx, actor.accountId, actor.personId, [
      {
        action: 'billing.address_update',
        target_person_id: null,
        before: { service_address, billing_address },
        after: saved,
      },
    ]);
    return saved;
  });
}

/**
 * Makes a card the one on file (see saveDefaultCard) and records the change, in one transaction. A card
 * that is on file already changes nothing and records nothing: the page's save and the provider's
 * setup_intent.succeeded (whichever comes second) put it there once.
 */
export async function changeCard(
  database: Transactional,
  actor: BillingActor,
  pmId: string,
  card: Parameters<typeof saveDefaultCard>[3],
  now: Date,
): Promise<void> {
  await database.transaction((tx) => putCardOnFile(tx, actor, pmId, card, now));
}

/**
 * As changeCard, in the caller's transaction; `personId` null when nobody of the account made it (the
 * provider's event). Answers whether it changed the card on file.
 */
export async function putCardOnFile(
  tx: Transactional,
  actor: { accountId: string; personId: string | null },
  pmId: string,
  card: Parameters<typeof saveDefaultCard>[3],
  now: Date,
): Promise<boolean> {
  // Locked: a save and an event about the same card take turns, and the second finds it on file.
  if (await lockCardOnFile(tx, actor.accountId, pmId)) return false;
  const before = await billingActivityView(tx, actor.accountId);
  await saveDefaultCard(tx, actor.accountId, pmId, card, now);
  const after = await billingActivityView(tx, actor.accountId);
  await recordActivity(tx, actor.accountId, actor.personId, [
    {
      action: 'billing.card_change',
      target_person_id: null,
      before: { card: before.card },
      after: { card: after.card },
    },
  ]);
  return true;
}
