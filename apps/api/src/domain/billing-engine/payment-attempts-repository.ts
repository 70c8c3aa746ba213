import type { Transactional } from '../../db/handle';
import { OUTBOX_COLUMNS, outboxValues } from '../mail/outbox-repository';
import type { OutgoingEmail } from '../ports/mailer';

export interface AttemptRow {
  id: string;
  account_id: string;
  invoice_id: string;
  attempt: number;
  idempotency_key: string;
  /** requires_action: the card's bank waits for the cardholder; still in flight (payments_one_pending). */
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  failure_message: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** Charged with nobody at the page: a decline puts the invoice in collection (payment-collections.ts). */
  off_session: boolean;
  /** The provider's PaymentIntent, recorded with its answer (a requires_action attempt's is finished). */
  provider_payment_id: string | null;
  created_at: Date;
}

const ATTEMPT_COLUMNS = `id, account_id, invoice_id, attempt, idempotency_key, status, failure_message,
  card_brand, card_last4, off_session, provider_payment_id, created_at`;

export async function findAttempt(q: Transactional, accountId: string, attemptId: string) {
  const [row] = await q.query<AttemptRow>(
    `select ${ATTEMPT_COLUMNS} from payments where account_id = $1 and id = $2`,
    [accountId, attemptId],
    { prepare: true },
  );
  return row ?? null;
}

/** What the first step of a payment found, and the attempt it wrote (if it wrote one). */
export interface PaymentStart {
  status: string;
  total_cents: number;
  number: string;
  card_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** The account's Customer at the card provider, named on the charge (null before its first card saved). */
  customer_id: string | null;
  /** The attempt written as pending by this statement; null when none was. */
  idempotency_key: string | null;
  /** The attempt already in flight, when there is one (as json: its created_at is a string). */
  joined: AttemptRow | null;
  /** The invoice has a period-start order awaiting its payment (a start or a renewal). */
  starts_period: boolean;
  /** The account holder, whom the receipt is sent to. */
  holder_email: string | null;
  holder_name: string | null;
  /** The account came through a referral whose bonus is still pending (granted after a payment). */
  referral_pending: boolean;
}

/**
 * The first step of a payment as one statement (no BEGIN/COMMIT round trips): locks the invoice, and
 * when it is open, due and has no attempt in flight, writes the next attempt as pending with the default
 * card, its number and its derived key; with no card on file it marks the account delinquent instead.
 * The statement sees the payments as they were when it began, before it waited for the lock: an attempt
 * written meanwhile by another request makes the insert break payments_one_pending (or the attempt
 * number's unique index), and the caller runs the statement again. It also answers what settling the
 * attempt needs to know (whether the invoice starts a period, whom its receipt goes to), so that step
 * needs no reads of its own, and whether a referral bonus may follow the payment. Answers null for no
 * such invoice.
 */
export async function beginAttempt(
  q: Transactional,
  accountId: string,
  invoiceId: string,
  attemptId: string,
  at: Date,
  offSession = false,
): Promise<PaymentStart | null> {
  const [row] = await q.query<PaymentStart>(
    `with inv as (
       select status, total_cents, number from invoices where account_id = $1 and id = $2 for update
     ), pending as (
       select ${ATTEMPT_COLUMNS} from payments
        where account_id = $1 and invoice_id = $2 and status in ('pending', 'requires_action')
     ), card as (
       select id, brand, last4 from payment_methods where account_id = $1 and is_default
        order by created_at desc limit 1
     ), due as (
       select total_cents from inv where status = 'open' and total_cents > 0 and not exists (select 1 from pending)
     ), inserted as (
       insert into payments (id, account_id, invoice_id, idempotency_key, attempt, amount_cents, status,
                             card_brand, card_last4, created_at, off_session)
       select $3::text, $1, $2::text, 'invoice:' || $2::text || ':attempt:' || next.n, next.n, due.total_cents,
              'pending', card.brand, card.last4, $4::timestamptz, $5::boolean
         from due, card, (select coalesce(max(attempt), 0)::int + 1 as n from payments
                           where account_id = $1 and invoice_id = $2) next
       returning idempotency_key
     ), no_card as (
       update subscriptions set is_delinquent = true
        where account_id = $1 and exists (select 1 from due) and not exists (select 1 from card)
       returning 1
     ), holder as (
       select email, full_name from people where account_id = $1 and is_admin order by created_at limit 1
     )
     select inv.status, inv.total_cents, inv.number, card.id as card_id, card.brand as card_brand,
            card.last4 as card_last4, (select idempotency_key from inserted) as idempotency_key,
            (select provider_customer_id from accounts where id = $1) as customer_id,
            (select row_to_json(pending) from pending) as joined,
            exists (select 1 from period_start_orders
                     where account_id = $1 and invoice_id = $2 and status = 'awaiting_payment') as starts_period,
            holder.email as holder_email, holder.full_name as holder_name,
            exists (select 1 from referrals where referred_account_id = $1 and bonus_granted_at is null)
              as referral_pending
       from inv left join card on true left join holder on true`,
    [accountId, invoiceId, attemptId, at, offSession],
    { prepare: true },
  );
  if (!row) return null;
  if (row.joined) row.joined.created_at = new Date(row.joined.created_at);
  return row;
}

/** The provider's answer to an attempt, as it is recorded. */
export interface AttemptResult {
  /** requires_action records the intent that waits for the cardholder; it is settled later, once. */
  status: 'succeeded' | 'failed' | 'requires_action';
  providerId: string | null;
  code: string | null;
  message: string | null;
  at: Date;
}

/**
 * Settles a pending attempt with the provider's answer in one statement: the invoice is locked first
 * (the order every payment step takes), the attempt resolved, and on success the invoice marked paid.
 * Answers whether this was the first answer (false when the attempt was settled already) and whether the
 * invoice starts a period (an awaiting period-start order), so that the hooks skip what is not there.
 * Without such an order nothing else settling can change the account's invoices, so the statement also
 * refreshes its delinquency as refreshDelinquency would afterwards (the statement sees this invoice as it
 * was, hence `id <> $2`), and queues `receipt` when one is given and the payment succeeded.
 * `alone`: the statement is its own transaction, so it settles nothing when an order awaits (the period
 * must start in the same transaction); the caller then settles in a transaction of its own.
 */
export async function settleAttempt(
  q: Transactional,
  accountId: string,
  invoiceId: string,
  attemptId: string,
  result: AttemptResult,
  options: { alone?: boolean; receipt?: OutgoingEmail } = {},
): Promise<{ first: boolean; awaitingOrder: boolean }> {
  const [row] = await q.query<{ first: boolean; awaiting_order: boolean }>(
    `with inv as (
       select id from invoices where account_id = $1 and id = $2 for update
     ), awaiting as (
       select 1 from period_start_orders where account_id = $1 and invoice_id = $2 and status = 'awaiting_payment'
     ), settled as (
       update payments set status = $4, provider_payment_id = $5, failure_code = $6, failure_message = $7,
              resolved_at = $8
        where account_id = $1 and id = $3 and exists (select 1 from inv)
          and (status = 'pending' or (status = 'requires_action' and $4 <> 'requires_action'))
          and not ($9 and exists (select 1 from awaiting))
       returning status
     ), paid as (
       update invoices set status = 'paid', paid_at = $8
        where account_id = $1 and id = $2 and status = 'open'
          and exists (select 1 from settled where status = 'succeeded')
       returning id
     ), delinquency as (
       update subscriptions
          set is_delinquent = case when $4 = 'succeeded'
                                   then exists (select 1 from invoices
                                                 where account_id = $1 and status = 'open' and id <> $2)
                                   else true end
        where account_id = $1 and exists (select 1 from settled) and not exists (select 1 from awaiting)
          and $4 <> 'requires_action'
       returning 1
     ), receipt as (
       insert into outbox (${OUTBOX_COLUMNS})
       select $10::uuid, $11, $12, $13, $14, $15::jsonb
        where $11::text is not null and exists (select 1 from settled where status = 'succeeded')
          and not exists (select 1 from awaiting)
       returning id
     )
     select exists (select 1 from settled) as first, exists (select 1 from awaiting) as awaiting_order`,
    [
      accountId,
      invoiceId,
      attemptId,
      result.status,
      result.providerId,
      result.code,
      result.message,
      result.at,
      options.alone ?? false,
      ...outboxValues(options.receipt ?? null),
    ],
    { prepare: true },
  );
  return { first: row!.first, awaitingOrder: row!.awaiting_order };
}

/** Pending attempts begun before `before`: their answer is overdue, so the provider is asked. */
export function overdueAttempts(q: Transactional, before: Date, limit = 100) {
  return q.query<AttemptRow>(
    `select ${ATTEMPT_COLUMNS} from payments where status = 'pending' and created_at < $1
      order by created_at limit $2`,
    [before, limit],
  );
}

export async function markInvoicePaid(q: Transactional, accountId: string, invoiceId: string, at: Date) {
  await q.query(
    "update invoices set status = 'paid', paid_at = $3 where account_id = $1 and id = $2 and status = 'open'",
    [accountId, invoiceId, at],
    { prepare: true },
  );
}

export async function voidInvoice(q: Transactional, accountId: string, invoiceId: string) {
  await q.query("update invoices set status = 'void' where account_id = $1 and id = $2 and status = 'open'", [
    accountId,
    invoiceId,
  ]);
}

/** Delinquent while an open invoice is unpaid (set when a charge fails, cleared when the last is paid). */
export async function refreshDelinquency(q: Transactional, accountId: string, failed = false) {
  await q.query(
    failed
      ? 'update subscriptions set is_delinquent = true where account_id = $1'
      : `update subscriptions set is_delinquent = exists (
           select 1 from invoices where account_id = $1 and status = 'open') where account_id = $1`,
    [accountId],
    { prepare: true },
  );
}
