import type { Transactional } from '../../db/handle';

/**
 * The account whose Customer a SetupIntent saved a card on, with what decides its event: whether the
 * account has saved this card already, whether another account holds it, and whether a newer
 * setup_intent.succeeded is kept for the account or a card put on file after this event's time (this
 * one is then late).
 */
export async function findSetupAccount(
  q: Transactional,
  customerId: string,
  methodId: string,
  event: { id: string; type: string; created: Date },
): Promise<{ account_id: string; saved: boolean; taken: boolean; newer: boolean } | null> {
  const [row] = await q.query<{ account_id: string; saved: boolean; taken: boolean; newer: boolean }>(
    `select a.id::text as account_id,
            exists (select 1 from payment_methods where id = $2 and account_id = a.id) as saved,
            exists (select 1 from payment_methods where id = $2 and account_id <> a.id) as taken,
            exists (select 1 from provider_events
                     where account_id = a.id and type = $3 and id <> $5
                       and (created > $4 or (created = $4 and id > $5)))
              -- A card the page put on file after this event was made (its own event not heard yet).
              or exists (select 1 from payment_methods where account_id = a.id and is_default and created_at > $4)
              as newer
       from accounts a where a.provider_customer_id = $1 limit 1`,
    [customerId, methodId, event.type, event.created, event.id],
  );
  return row ?? null;
}
