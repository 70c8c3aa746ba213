import type { Transactional } from '../../db/handle';

/**
 * Keeps the event under its id with what applying it did (in the transaction that applied it); answers
 * false when it was kept before (a repeated delivery).
 */
export async function keepEvent(
  q: Transactional,
  event: { id: string; type: string; objectId: string | null; created: Date; payload: string },
  outcome: string,
  accountId: string | null,
): Promise<boolean> {
  const rows = await q.query(
    `insert into provider_events (id, type, object_id, created, payload, outcome, account_id)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7) on conflict (id) do nothing returning id`,
    [event.id, event.type, event.objectId, event.created, event.payload, outcome, accountId],
    { prepare: true },
  );
  return rows.length > 0;
}

export interface IntentAttemptRow {
  id: string;
  account_id: string;
  invoice_id: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  card_brand: string | null;
  card_last4: string | null;
}

/**
 * The payment attempt a PaymentIntent was made for: by the attempt id the portal wrote into its
 * metadata (known before the request's answer is recorded), else by the PaymentIntent's id recorded
 * with the answer. `succeeded`: only the attempt that paid (refunds and disputes are of a payment).
 */
export async function findIntentAttempt(
  q: Transactional,
  attemptId: string | null,
  intentId: string | null,
  succeeded = false,
): Promise<IntentAttemptRow | null> {
  const [row] = await q.query<IntentAttemptRow>(
    `select id, account_id, invoice_id, status, card_brand, card_last4 from payments
      where ((id = $1::text and $1::text is not null) or (provider_payment_id = $2::text and $2::text is not null))
        and (not $3 or status = 'succeeded')
      order by status = 'succeeded' desc limit 1`,
    [attemptId, intentId, succeeded],
    { prepare: true },
  );
  return row ?? null;
}

/**
 * The attempt that paid, as findIntentAttempt finds it, with its invoice locked in the same statement
 * (the lock every refund of the invoice takes first): what is read of the invoice after this statement
 * includes what the last holder of the lock committed.
 */
export async function lockPaidAttempt(
  tx: Transactional,
  attemptId: string | null,
  intentId: string | null,
): Promise<IntentAttemptRow | null> {
  const [row] = await tx.query<IntentAttemptRow>(
    `select p.id, p.account_id, p.invoice_id, p.status, p.card_brand, p.card_last4
       from payments p join invoices i on i.account_id = p.account_id and i.id = p.invoice_id
      where ((p.id = $1::text and $1::text is not null)
             or (p.provider_payment_id = $2::text and $2::text is not null))
        and p.status = 'succeeded'
      limit 1 for update of i`,
    [attemptId, intentId],
    { prepare: true },
  );
  return row ?? null;
}

/**
 * The attempt as findIntentAttempt finds it, read again once its invoice is locked (the lock every
 * payment step takes first): a request or another event settling it meanwhile has committed.
 */
export async function lockIntentAttempt(
  tx: Transactional,
  attemptId: string | null,
  intentId: string | null,
): Promise<IntentAttemptRow | null> {
  const found = await findIntentAttempt(tx, attemptId, intentId);
  if (!found) return null;
  await tx.query('select id from invoices where account_id = $1 and id = $2 for update', [
    found.account_id,
    found.invoice_id,
  ]);
  return findIntentAttempt(tx, found.id, null);
}

/**
 * Writes the dispute's status, or opens it: a final status (won, lost, warning_closed) stands against
 * a late event that still says it is open. Answers whether this made it lost (the first time).
 */
export async function upsertDispute(
  tx: Transactional,
  dispute: {
    id: string;
    accountId: string;
    invoiceId: string;
    paymentId: string;
    amountCents: number;
    reason: string;
    status: string;
    createdAt: Date;
    closedAt: Date | null;
  },
): Promise<{ changed: boolean }> {
  const rows = await tx.query(
    `insert into invoice_disputes (id, account_id, invoice_id, payment_id, amount_cents, reason, status,
                                   created_at, closed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (id, account_id) do update
        set status = excluded.status, closed_at = coalesce(invoice_disputes.closed_at, excluded.closed_at),
            amount_cents = excluded.amount_cents, reason = excluded.reason
      where invoice_disputes.status not in ('won', 'lost', 'warning_closed')
        and invoice_disputes.status <> excluded.status
     returning id`,
    [
      dispute.id,
      dispute.accountId,
      dispute.invoiceId,
      dispute.paymentId,
      dispute.amountCents,
      dispute.reason,
      dispute.status,
      dispute.createdAt,
      dispute.closedAt,
    ],
  );
  return { changed: rows.length > 0 };
}

/**
 * Records a lost dispute's amount as taken back from the invoice's payment, unless this dispute's loss
 * is recorded already; answers whether this call recorded it.
 */
export async function recordDisputeLoss(
  tx: Transactional,
  loss: {
    disputeId: string;
    accountId: string;
    invoiceId: string;
    paymentId: string;
    amountCents: number;
    lostAt: Date;
  },
): Promise<boolean> {
  const rows = await tx.query(
    `insert into dispute_losses (dispute_id, account_id, invoice_id, payment_id, amount_cents, lost_at)
     values ($1, $2, $3, $4, $5, $6) on conflict (dispute_id, account_id) do nothing returning dispute_id`,
    [loss.disputeId, loss.accountId, loss.invoiceId, loss.paymentId, loss.amountCents, loss.lostAt],
  );
  return rows.length > 0;
}

/**
 * The card's new details from the network, unless an event about the card newer than this one was kept
 * (a late one changes nothing), in one statement: answers whether a newer one was, and the accounts whose
 * card on file it is.
 */
export async function updateCardDetails(
  tx: Transactional,
  methodId: string,
  card: { brand: string; last4: string; expMonth: number; expYear: number },
  event: { id: string; type: string; created: Date },
): Promise<{ newer: boolean; accounts: string[] }> {
  const [row] = await tx.query<{ newer: boolean; accounts: string[] }>(
    `with newer as (
       select exists (select 1 from provider_events
                       where object_id = $1 and type = $6 and id <> $8
                         and (created > $7 or (created = $7 and id > $8))) as kept
     ), changed as (
       update payment_methods set brand = $2, last4 = $3, exp_month = $4, exp_year = $5
        where id = $1 and not (select kept from newer) returning account_id
     )
     select (select kept from newer) as newer, array(select account_id::text from changed) as accounts`,
    [methodId, card.brand, card.last4, card.expMonth, card.expYear, event.type, event.created, event.id],
    { prepare: true },
  );
  return { newer: row!.newer, accounts: row!.accounts };
}

/**
 * The card on file an expiring-card event is about, locked (two events about one card take turns),
 * with the account holder to email and whether an earlier event about this card and expiry emailed.
 */
export async function lockExpiringCard(
  tx: Transactional,
  methodId: string,
  eventId: string,
): Promise<{
  account_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  email: string | null;
  full_name: string | null;
  emailed: boolean;
} | null> {
  const [row] = await tx.query<{
    account_id: string;
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    email: string | null;
    full_name: string | null;
    emailed: boolean;
  }>(
    `with card as (
       select account_id, brand, last4, exp_month, exp_year from payment_methods where id = $1
        order by created_at desc limit 1 for update
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
