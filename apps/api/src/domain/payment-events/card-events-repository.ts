import type { Transactional } from '../../db/handle';
import { keepIfDecided, type Decided, type KeptEvent } from './payment-events-repository';

/** What a statement that keeps an event answers: the outcome kept, or null when it was kept before. */
export interface KeptOutcome {
  outcome: string;
  account_id: string | null;
}

/**
 * payment_method.automatically_updated kept and applied in one statement, so atomic without a
 * transaction (one round trip). The card's details are written only over older ones: the row carries
 * the (time, id) of the update whose details it holds, and the update's condition on it is checked on
 * the row itself, again after waiting for it, so an older update that waited while a newer one wrote the
 * card (two deliveries at once on PostgreSQL) writes nothing, and a late or repeated one neither. The
 * event is kept once by its id with what the write did: applied, no-change (the card holds newer
 * details or these), unmatched (no card of ours). Null when the event was kept before (then nothing is
 * written either).
 */
export async function keepCardUpdate(
  q: Transactional,
  event: KeptEvent,
  card: { brand: string; last4: string; expMonth: number; expYear: number },
): Promise<KeptOutcome | null> {
  const [row] = await q.query<KeptOutcome>(
    `with changed as (
       update payment_methods set brand = $6::text, last4 = $7::text, exp_month = $8::int, exp_year = $9::int,
                                  details_event_at = $4::timestamptz, details_event_id = $1::text
        where id = $3::text and not exists (select 1 from provider_events where id = $1::text)
          and (details_event_at is null
               or (details_event_at, details_event_id) < ($4::timestamptz, $1::text))
       returning account_id
     ), card as (
       select account_id from payment_methods where id = $3::text order by created_at desc limit 1
     ), kept as (
       insert into provider_events (id, type, object_id, created, payload, outcome, account_id)
       select $1::text, $2::text, $3::text, $4::timestamptz, $5::jsonb,
              case when exists (select 1 from changed) then 'applied'
                   when card.account_id is null then 'unmatched' else 'no-change' end,
              (select account_id from changed limit 1)
         from (select 1) as one left join card on true
       on conflict (id) do nothing
       returning outcome, account_id
     )
     select outcome, account_id::text as account_id from kept`,
    [
      event.id,
      event.type,
      event.objectId,
      event.created,
      event.payload,
      card.brand,
      card.last4,
      card.expMonth,
      card.expYear,
    ],
    { prepare: true },
  );
  return row ?? null;
}

/**
 * customer.source.expiring kept in one statement when it emails no one: no card of ours (unmatched),
 * a card whose expiry is not the notice's, or one whose notice about this expiry was applied (emailed)
 * before (no-change). An expiry that was emailed stays emailed, so this statement's snapshot cannot miss
 * one that the locked read in lockExpiringCard would see. `outcome` null: the email is due, nothing was
 * kept, and the event goes through lockExpiringCard in a transaction. `kept` false with an outcome: kept
 * before. The emailed check runs only when the expiry matches (a CASE branch), so notices about an old
 * expiry never read the card's earlier notices.
 */
export async function keepExpiringNotice(
  q: Transactional,
  event: KeptEvent,
  expiry: { expMonth: number; expYear: number },
): Promise<Decided> {
  return keepIfDecided(
    q,
    event,
    `card as (
       select account_id, exp_month, exp_year from payment_methods where id = $3::text
        order by created_at desc limit 1
     ), decided as (
       select card.account_id,
              case when card.account_id is null then 'unmatched'
                   when card.exp_month <> $6::int or card.exp_year <> $7::int then 'no-change'
                   when exists (select 1 from provider_events e
                                 where e.object_id = $3::text and e.type = $2::text and e.outcome = 'applied'
                                   and e.id <> $1::text
                                   and (e.payload #>> '{data,object,exp_year}')::int = card.exp_year
                                   and (e.payload #>> '{data,object,exp_month}')::int = card.exp_month)
                     then 'no-change'
              end as outcome
         from (select 1) as one left join card on true
     )`,
    [expiry.expMonth, expiry.expYear],
  );
}

export interface ExpiringCardRow {
  account_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  email: string | null;
  full_name: string | null;
  emailed: boolean;
}

/**
 * The card on file an expiring-card event is about, locked (two events about one card take turns),
 * with the account holder to email and whether an earlier event about this card and expiry emailed.
 * The lock is taken in a statement of its own: the read after it, in a snapshot taken once the lock is
 * held, sees the notice that the lock's last holder kept (in one statement, the snapshot would be the
 * one from before the wait on PostgreSQL, and two notices at once could both email).
 */
export async function lockExpiringCard(
  tx: Transactional,
  methodId: string,
  eventId: string,
): Promise<ExpiringCardRow | null> {
  const [locked] = await tx.query(
    `select account_id from payment_methods where id = $1 order by created_at desc limit 1 for update`,
    [methodId],
    { prepare: true },
  );
  if (!locked) return null;
  const [row] = await tx.query<ExpiringCardRow>(
    `with card as (
       select account_id, brand, last4, exp_month, exp_year from payment_methods where id = $1
        order by created_at desc limit 1
     )
     select card.*, h.email, h.full_name,
            exists (select 1 from provider_events e
                     where e.object_id = $1 and e.type = 'customer.source.expiring' and e.outcome = 'applied'
                       and e.id <> $2
                       and (e.payload #>> '{data,object,exp_year}')::int = card.exp_year
                       and (e.payload #>> '{data,object,exp_month}')::int = card.exp_month) as emailed
       from card left join lateral (select email, full_name from people
                                     where account_id = card.account_id and is_admin
                                     order by created_at limit 1) h on true`,
    [methodId, eventId],
    { prepare: true },
  );
  return row ?? null;
}
