import type { Transactional } from '../../db/handle';

export interface AttemptRow {
  id: string;
  account_id: string;
  invoice_id: string;
  attempt: number;
  idempotency_key: string;
  status: 'pending' | 'succeeded' | 'failed';
  failure_message: string | null;
  card_brand: string | null;
  card_last4: string | null;
  created_at: Date;
}

const ATTEMPT_COLUMNS = `id, account_id, invoice_id, attempt, idempotency_key, status, failure_message,
  card_brand, card_last4, created_at`;

/** The invoice, locked until the caller's transaction ends: one attempt is decided on at a time. */
export async function lockInvoice(q: Transactional, accountId: string, invoiceId: string) {
  const [row] = await q.query<{ status: string; total_cents: number; number: string }>(
    'select status, total_cents, number from invoices where account_id = $1 and id = $2 for update',
    [accountId, invoiceId],
    { prepare: true },
  );
  return row ?? null;
}

export async function pendingAttempt(q: Transactional, accountId: string, invoiceId: string) {
  const [row] = await q.query<AttemptRow>(
    `select ${ATTEMPT_COLUMNS} from payments where account_id = $1 and invoice_id = $2 and status = 'pending'`,
    [accountId, invoiceId],
    { prepare: true },
  );
  return row ?? null;
}

export async function findAttempt(q: Transactional, accountId: string, attemptId: string) {
  const [row] = await q.query<AttemptRow>(
    `select ${ATTEMPT_COLUMNS} from payments where account_id = $1 and id = $2`,
    [accountId, attemptId],
    { prepare: true },
  );
  return row ?? null;
}

export async function defaultCard(q: Transactional, accountId: string) {
  const [card] = await q.query<{ id: string; brand: string; last4: string }>(
    'select id, brand, last4 from payment_methods where account_id = $1 and is_default order by created_at desc limit 1',
    [accountId],
    { prepare: true },
  );
  return card ?? null;
}

/**
 * Writes the next attempt as pending, before the provider is called. Its key is derived from the
 * invoice and the attempt number, so every process retrying this attempt sends the provider one key.
 */
export async function insertPendingAttempt(
  q: Transactional,
  attempt: {
    id: string;
    accountId: string;
    invoiceId: string;
    amountCents: number;
    card: { brand: string; last4: string };
    at: Date;
  },
): Promise<{ attempt: number; idempotencyKey: string }> {
  // One statement: the invoice is locked by the caller, so the next number cannot be taken meanwhile.
  const [row] = await q.query<{ attempt: number; idempotency_key: string }>(
    `insert into payments (id, account_id, invoice_id, idempotency_key, attempt, amount_cents, status,
                           card_brand, card_last4, created_at)
     select $1, $2, $3::text, 'invoice:' || $3::text || ':attempt:' || next.n, next.n, $4, 'pending', $5, $6, $7
       from (select coalesce(max(attempt), 0)::int + 1 as n from payments
              where account_id = $2 and invoice_id = $3::text) next
     returning attempt, idempotency_key`,
    [
      attempt.id,
      attempt.accountId,
      attempt.invoiceId,
      attempt.amountCents,
      attempt.card.brand,
      attempt.card.last4,
      attempt.at,
    ],
    { prepare: true },
  );
  return { attempt: row!.attempt, idempotencyKey: row!.idempotency_key };
}

/** Settles a pending attempt with the provider's answer; false when it was settled already. */
export async function settleAttempt(
  q: Transactional,
  accountId: string,
  attemptId: string,
  result: {
    status: 'succeeded' | 'failed';
    providerId: string | null;
    code: string | null;
    message: string | null;
    at: Date;
  },
): Promise<boolean> {
  const rows = await q.query(
    `update payments set status = $3, provider_payment_id = $4, failure_code = $5, failure_message = $6,
            resolved_at = $7
      where account_id = $1 and id = $2 and status = 'pending' returning id`,
    [accountId, attemptId, result.status, result.providerId, result.code, result.message, result.at],
    { prepare: true },
  );
  return rows.length > 0;
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
