import type { Address } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { recordActivity } from '../activity';
import { billingActivityView, saveAddresses, saveDefaultCard } from './billing-repository';

/** Who makes a billing change: it is recorded in the account's activity log with them (ACT-01). */
export interface BillingActor {
  accountId: string;
  personId: string;
}

/** Saves both addresses (see saveAddresses) and records the change, in one transaction. */
export async function changeAddresses(
  database: Transactional,
  actor: BillingActor,
  service: Address,
  billing: Address,
  sameBilling: boolean,
) {
  return database.transaction(async (tx) => {
    const { service_address, billing_address } = await billingActivityView(tx, actor.accountId);
    const saved = await saveAddresses(tx, actor.accountId, service, billing, sameBilling);
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

/** Makes a card the one on file (see saveDefaultCard) and records the change, in one transaction. */
export async function changeCard(
  database: Transactional,
  actor: BillingActor,
  pmId: string,
  card: Parameters<typeof saveDefaultCard>[3],
  now: Date,
): Promise<void> {
  await database.transaction(async (tx) => {
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
  });
}
