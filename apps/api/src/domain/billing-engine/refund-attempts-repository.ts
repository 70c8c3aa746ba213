import type { Transactional } from '../../db/handle';

export interface RefundAttemptRow {
  id: string;
  account_id: string;
  invoice_id: string;
  payment_id: string;
  amount_cents: number;
  request_key: string;
  provider_key: string;
  /** Null, with the email, for the billing system's own refunds (staff_role 'system'). */
  staff_person_id: string | null;
  staff_email: string | null;
  staff_role: string;
  reason: string;
  created_at: Date;
  status: 'pending' | 'succeeded' | 'failed';
  failure_message: string | null;
  refund_id: string | null;
}

/** The invoice a refund is asked of, locked, with what is paid, refunded and reserved by pending refunds. */
export interface RefundableInvoice {
  id: string;
  number: string;
  status: string;
  /** The succeeded payment refunds are made against, and the provider's id of its charge. */
  payment_id: string | null;
  provider_payment_id: string | null;
  paid_cents: number;
  refunded_cents: number;
  /** Pending refund attempts of other requests: asked of the provider, not yet recorded. */
  reserved_cents: number;
  /** Taken back by the cardholder's bank in lost disputes: not the portal's to refund. */
  lost_cents: number;
}

const ATTEMPT_COLUMNS = `id, account_id, invoice_id, payment_id, amount_cents, request_key, provider_key, status,
  failure_message, refund_id, staff_person_id, staff_email, staff_role, reason, created_at`;

/**
 * Locks the invoice (every refund of it waits here, in any process) and answers what may be refunded
 * of it, leaving out the pending attempt of the request `requestKey` itself. Null for no such invoice.
 */
export async function lockRefundableInvoice(
  tx: Transactional,
  accountId: string,
  invoiceId: string,
  requestKey: string,
  /** The caller's statement before this one locked the invoice already (one round trip fewer). */
  lockedAlready = false,
): Promise<RefundableInvoice | null> {
  // The lock first, in a statement of its own: the sums below must see what a refund that held the lock
  // before committed (a statement's snapshot is taken when it begins, before it waits for a lock).
  if (!lockedAlready) {
    const [locked] = await tx.query('select id from invoices where account_id = $1 and id = $2 for update', [
      accountId,
      invoiceId,
    ]);
    if (!locked) return null;
  }
  const [row] = await tx.query<RefundableInvoice>(
    `with inv as (
       select id, number, status from invoices where account_id = $1 and id = $2
     ), paid as (
       select id, provider_payment_id, amount_cents from payments
        where account_id = $1 and invoice_id = $2 and status = 'succeeded' limit 1
     )
     select inv.id, inv.number, inv.status, paid.id as payment_id, paid.provider_payment_id,
            coalesce(paid.amount_cents, 0)::int as paid_cents,
            (select coalesce(sum(amount_cents), 0) from refunds
              where account_id = $1 and invoice_id = $2)::int as refunded_cents,
            (select coalesce(sum(amount_cents), 0) from refund_attempts
              where account_id = $1 and invoice_id = $2 and status = 'pending' and request_key <> $3)::int
              as reserved_cents,
            (select coalesce(sum(amount_cents), 0) from dispute_losses
              where account_id = $1 and invoice_id = $2)::int as lost_cents
       from inv left join paid on true`,
    [accountId, invoiceId, requestKey],
    // Planned once: planning its five tables costs more than running it, and every refund and every
    // charge.refunded event asks it (on PGlite, 0.23 ms a run prepared; a bound run took 1.1 ms).
    { prepare: true },
  );
  return row ?? null;
}

export async function findRefundAttempt(
  q: Transactional,
  accountId: string,
  requestKey: string,
  lock = false,
): Promise<RefundAttemptRow | null> {
  const [row] = await q.query<RefundAttemptRow>(
    `select ${ATTEMPT_COLUMNS} from refund_attempts where account_id = $1 and request_key = $2${lock ? ' for update' : ''}`,
    [accountId, requestKey],
  );
  return row ?? null;
}

/** Writes the attempt as pending, its provider key derived from its id, before the provider is asked. */
export async function insertRefundAttempt(
  tx: Transactional,
  attempt: {
    id: string;
    accountId: string;
    invoiceId: string;
    paymentId: string;
    amountCents: number;
    requestKey: string;
    staff: { personId: string | null; email: string | null; role: string };
    reason: string;
  },
): Promise<RefundAttemptRow> {
  const [row] = await tx.query<RefundAttemptRow>(
    `insert into refund_attempts (id, account_id, invoice_id, payment_id, amount_cents, request_key, provider_key,
                                  staff_person_id, staff_email, staff_role, reason)
     values ($1, $2, $3, $4, $5, $6, 'refund:' || $1::text, $7, $8, $9, $10)
     returning ${ATTEMPT_COLUMNS}`,
    [
      attempt.id,
      attempt.accountId,
      attempt.invoiceId,
      attempt.paymentId,
      attempt.amountCents,
      attempt.requestKey,
      attempt.staff.personId,
      attempt.staff.email,
      attempt.staff.role,
      attempt.reason,
    ],
  );
  return row!;
}

/**
 * Pending attempts begun before `before`: their request was not sent again, so the job finishes them.
 * The billing system's own (staff_role 'system') have no request to wait for: they are due at once.
 */
export function overdueRefundAttempts(q: Transactional, before: Date, limit = 50) {
  return q.query<RefundAttemptRow>(
    `select ${ATTEMPT_COLUMNS} from refund_attempts
      where status = 'pending' and (created_at < $1 or staff_role = 'system')
      order by created_at limit $2`,
    [before, limit],
  );
}

/** A pending attempt resolved once (a trigger refuses any other change, migration 0033). */
export async function resolveRefundAttempt(
  tx: Transactional,
  accountId: string,
  attemptId: string,
  result: {
    status: 'succeeded' | 'failed';
    providerRefundId: string;
    refundId?: string;
    message?: string;
    at: Date;
  },
): Promise<boolean> {
  const rows = await tx.query(
    `update refund_attempts set status = $3, provider_refund_id = $4, refund_id = $5, failure_message = $6,
            resolved_at = $7
      where account_id = $1 and id = $2 and status = 'pending' returning id`,
    [
      accountId,
      attemptId,
      result.status,
      result.providerRefundId,
      result.refundId ?? null,
      result.message ?? null,
      result.at,
    ],
  );
  return rows.length > 0;
}

/** The account holder a refund's email goes to, and the credit note's number. */
export async function refundNotice(
  q: Transactional,
  accountId: string,
  refundId: string,
): Promise<{
  email: string | null;
  full_name: string | null;
  number: string;
  invoice_number: string;
  status: string;
}> {
  const [row] = await q.query<{
    email: string | null;
    full_name: string | null;
    number: string;
    invoice_number: string;
    status: string;
  }>(
    `select r.number, i.number as invoice_number, i.status, h.email, h.full_name
       from refunds r join invoices i on i.account_id = r.account_id and i.id = r.invoice_id
       left join lateral (select email, full_name from people where account_id = $1 and is_admin
                           order by created_at limit 1) h on true
      where r.account_id = $1 and r.id = $2`,
    [accountId, refundId],
  );
  return row!;
}

/**
 * The billing system's full refund of an invoice's succeeded payment (PLAN-13: an upgrade paid after
 * its period closed), written as pending in the transaction that records the payment, so the refund is
 * asked of the provider only after it exists, once per `requestKey`. Nothing when the key has one already.
 */
export async function insertSystemRefundAttempt(
  tx: Transactional,
  attempt: { id: string; accountId: string; invoiceId: string; requestKey: string; reason: string },
): Promise<void> {
  await tx.query(
    `insert into refund_attempts (id, account_id, invoice_id, payment_id, amount_cents, request_key, provider_key,
                                  staff_person_id, staff_email, staff_role, reason)
     select $1, $2, $3, p.id, p.amount_cents, $4, 'refund:' || $1::text, null, null, 'system', $5
       from payments p
      where p.account_id = $2 and p.invoice_id = $3 and p.status = 'succeeded' and p.amount_cents > 0
     on conflict (account_id, request_key) do nothing`,
    [attempt.id, attempt.accountId, attempt.invoiceId, attempt.requestKey, attempt.reason],
  );
}
