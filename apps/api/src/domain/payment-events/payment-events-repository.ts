import type { Transactional } from '../../db/handle';

/** An event as it is kept: its id, type, the object it is about, its time and its body as it came. */
export interface KeptEvent {
  id: string;
  type: string;
  objectId: string | null;
  created: Date;
  payload: string;
}

/**
 * Keeps the event under its id with what applying it did (in the transaction that applied it, or alone
 * when it applies nothing); answers false when it was kept before (a repeated delivery).
 */
export async function keepEvent(
  q: Transactional,
  event: KeptEvent,
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
 * The one rule by which an event finds the payment attempt it is about (SQL, on `payments` as `alias`):
 * the attempt id the portal wrote into the intent's metadata, or the intent's id recorded with the answer.
 */
const intentAttempt = (alias: string, attemptParam: string, intentParam: string) =>
  `((${alias}id = ${attemptParam}::text and ${attemptParam}::text is not null)
    or (${alias}provider_payment_id = ${intentParam}::text and ${intentParam}::text is not null))`;

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
      where ${intentAttempt('', '$1', '$2')} and (not $3 or status = 'succeeded')
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
      where ${intentAttempt('p.', '$1', '$2')} and p.status = 'succeeded'
      limit 1 for update of i`,
    [attemptId, intentId],
    { prepare: true },
  );
  return row ?? null;
}

/**
 * What a one-statement decision answers: the outcome the event was kept with (null: it decided nothing,
 * kept nothing, and the event is to be decided under a lock), and whether this statement kept it (false
 * with an outcome: kept before).
 */
export interface Decided {
  outcome: string | null;
  account_id: string | null;
  kept: boolean;
}

/**
 * Keeps the event by one statement when `decision` decides it: `decision` is CTEs that end in one named
 * `decided`, a row of `outcome` (null when it cannot decide) and `account_id`. The event's own fields
 * are $1 to $5; the decision's parameters follow from $6.
 */
export async function keepIfDecided(
  q: Transactional,
  event: KeptEvent,
  decision: string,
  params: unknown[],
): Promise<Decided> {
  const [row] = await q.query<Decided>(
    `with ${decision}, kept as (
       insert into provider_events (id, type, object_id, created, payload, outcome, account_id)
       select $1::text, $2::text, $3::text, $4::timestamptz, $5::jsonb, outcome, account_id
         from decided where outcome is not null
       on conflict (id) do nothing
       returning id
     )
     select outcome, account_id::text as account_id, exists (select 1 from kept) as kept from decided`,
    [event.id, event.type, event.objectId, event.created, event.payload, ...params],
    { prepare: true },
  );
  return row!;
}

/**
 * charge.refunded kept as `no-change` by one statement, without a transaction or the invoice's lock, when
 * the portal's credit notes for the paid invoice already reach Stripe's total and no refund of it is
 * pending; `unmatched` when no paid attempt of ours is the charge's. Credit notes are only ever added, so
 * a total reached in this statement's snapshot is reached at any later moment too, whatever a refund
 * running alongside commits. Any other case (a refund pending, whose outcome may lower what is reserved,
 * or something missing) answers `outcome` null, keeps nothing, and goes through the invoice's lock
 * (lockPaidAttempt). `kept` false with an outcome: kept before.
 */
export async function keepRecordedRefund(
  q: Transactional,
  event: KeptEvent,
  charge: { attemptId: string | null; intentId: string | null; refundedCents: number },
): Promise<Decided> {
  return keepIfDecided(
    q,
    event,
    `paid as (
       select id, account_id, invoice_id, amount_cents from payments
        where ${intentAttempt('', '$6', '$7')} and status = 'succeeded'
        limit 1
     ), decided as (
       select paid.account_id,
              case when paid.id is null then 'unmatched'
                   when not exists (select 1 from refund_attempts a
                                     where a.account_id = paid.account_id and a.invoice_id = paid.invoice_id
                                       and a.status = 'pending')
                    and least($8::bigint, paid.amount_cents)
                        <= (select coalesce(sum(r.amount_cents), 0) from refunds r
                             where r.account_id = paid.account_id and r.invoice_id = paid.invoice_id)
                     then 'no-change'
              end as outcome
         from (select 1) as one left join paid on true
     )`,
    [charge.attemptId, charge.intentId, charge.refundedCents],
  );
}

/**
 * payment_intent.* kept as `no-change` by one statement, without a transaction or the invoice's lock,
 * when the attempt the intent was made for (found as findIntentAttempt finds it) is settled already, or
 * the event only says the cardholder is asked: every Pay now's own payment_intent.succeeded, heard after
 * its answer, is one. A settled attempt is never settled again, so what this statement's snapshot
 * decides stands. Any other case (an attempt still waiting, none found) answers `outcome` null, keeps
 * nothing, and goes through lockIntentAttempt. `kept` false with an outcome: kept before.
 */
export async function keepSettledIntent(
  q: Transactional,
  event: KeptEvent,
  intent: { attemptId: string | null; intentId: string | null },
): Promise<Decided> {
  return keepIfDecided(
    q,
    event,
    `attempt as (
       select id, account_id, status from payments
        where ${intentAttempt('', '$6', '$7')}
        order by status = 'succeeded' desc limit 1
     ), decided as (
       select attempt.account_id,
              case when attempt.id is not null and $7::text is not null
                    and ($2::text = 'payment_intent.requires_action'
                         or attempt.status not in ('pending', 'requires_action'))
                     then 'no-change'
              end as outcome
         from (select 1) as one left join attempt on true
     )`,
    [intent.attemptId, intent.intentId],
  );
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
