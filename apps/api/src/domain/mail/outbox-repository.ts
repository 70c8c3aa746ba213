import type { Transactional } from '../../db/handle';
import type { OutboxAttachment, OutgoingEmail } from '../ports/mailer';

/**
 * The outbox is the mail queue. A row is 'queued' until a delivery run leases it ('sending', until
 * `lease_until`), then 'sent', or 'queued' again with a later `next_attempt_at` after a failed try, or
 * 'failed' once its tries are used up. A lease that ran out belongs to a run whose process died.
 */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface LeasedEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  kind: string;
  attempts: number;
  /** Rendered when sent (domain/attachments). */
  attachment: OutboxAttachment | null;
  created_at: Date;
}

/** The columns an email is written to, in the order of outboxValues(). */
export const OUTBOX_COLUMNS = 'account_id, kind, "to", subject, text, attachment';

/** An email as OUTBOX_COLUMNS take it (all null for none, for a statement that writes one only if given). */
export function outboxValues(email: OutgoingEmail | null): unknown[] {
  if (!email) return [null, null, null, null, null, null];
  return [
    email.accountId ?? null,
    email.kind,
    email.to,
    email.subject,
    email.text,
    email.attachment ? JSON.stringify(email.attachment) : null,
  ];
}

/** Keeps an email in the outbox (every email is kept, sent or not); answers its outbox id. */
export async function queueEmail(q: Transactional, email: OutgoingEmail): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `insert into outbox (${OUTBOX_COLUMNS}) values ($1, $2, $3, $4, $5, $6) returning id`,
    outboxValues(email),
    { prepare: true },
  );
  return Number(row!.id);
}

/**
 * Leases up to `limit` due emails to this run for `leaseSeconds` and counts the attempt. SKIP LOCKED
 * lets two runs lease at once without taking the same row.
 */
export async function leaseDueEmails(
  q: Transactional,
  leaseSeconds: number,
  limit: number,
): Promise<LeasedEmail[]> {
  const rows = await q.query<LeasedEmail>(
    `update outbox set status = 'sending', attempts = attempts + 1,
            lease_until = now() + make_interval(secs => $1)
      where id in (select id from outbox
                    where (status = 'queued' and next_attempt_at <= now())
                       or (status = 'sending' and lease_until < now())
                    order by next_attempt_at, id limit $2 for update skip locked)
      returning id, "to", subject, text, kind, attempts, attachment, created_at`,
    [leaseSeconds, limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function markEmailSent(q: Transactional, id: number): Promise<void> {
  await q.query(
    `update outbox set status = 'sent', sent_at = now(), error = null, lease_until = null where id = $1`,
    [id],
  );
}

/** A failed try: queued again after `delaySeconds`, with the reason kept. */
export async function markEmailRetry(
  q: Transactional,
  id: number,
  error: string,
  delaySeconds: number,
): Promise<void> {
  await q.query(
    `update outbox set status = 'queued', error = $2, lease_until = null,
            next_attempt_at = now() + make_interval(secs => $3) where id = $1`,
    [id, error, delaySeconds],
  );
}

/** The final status of an email whose tries are used up. */
export async function markEmailFailed(q: Transactional, id: number, error: string): Promise<void> {
  await q.query(`update outbox set status = 'failed', error = $2, lease_until = null where id = $1`, [
    id,
    error,
  ]);
}

/** Seconds until the next email is due (0 when one is due now); null when none waits. */
export async function secondsUntilNextEmail(q: Transactional): Promise<number | null> {
  const [row] = await q.query<{ due: Date | null; now: Date }>(
    `select min(case when status = 'queued' then next_attempt_at else lease_until end) as due, now() as now
       from outbox where status in ('queued', 'sending')`,
  );
  if (!row?.due) return null;
  return Math.max(0, (new Date(row.due).getTime() - new Date(row.now).getTime()) / 1000);
}

/** Emails whose delivery failed for good, newest first. */
export async function failedEmails(q: Transactional, limit = 50) {
  return q.query<{ id: number; kind: string; to: string; attempts: number; error: string | null }>(
    `select id, kind, "to", attempts, error from outbox where status = 'failed'
      order by id desc limit $1`,
    [limit],
  );
}

/** An email as the local mail viewer shows it (routes/site/mail.ts). */
export interface KeptEmail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  status: OutboxStatus;
  created_at: Date;
  sent_at: Date | null;
  error: string | null;
  attachment: OutboxAttachment | null;
}

const KEPT_COLUMNS = 'id, kind, "to", subject, text, status, created_at, sent_at, error, attachment';

/** The newest `limit` emails of the outbox, newest first. */
export async function newestEmails(q: Transactional, limit: number): Promise<KeptEmail[]> {
  const rows = await q.query<KeptEmail>(
    `select ${KEPT_COLUMNS} from outbox order by created_at desc, id desc limit $1`,
    [limit],
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** One email of the outbox, or null. */
export async function findEmail(q: Transactional, id: number): Promise<KeptEmail | null> {
  const [row] = await q.query<KeptEmail>(`select ${KEPT_COLUMNS} from outbox where id = $1`, [id]);
  return row ? { ...row, id: Number(row.id) } : null;
}
