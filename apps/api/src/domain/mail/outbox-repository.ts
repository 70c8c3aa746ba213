import type { Transactional } from '../../db/handle';
import type { OutgoingEmail } from '../ports/mailer';

/** Keeps an email in the outbox (every email is kept, sent or not); answers its outbox id. */
export async function queueEmail(q: Transactional, email: OutgoingEmail): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    'insert into outbox (account_id, kind, "to", subject, text) values ($1, $2, $3, $4, $5) returning id',
    [email.accountId ?? null, email.kind, email.to, email.subject, email.text],
  );
  return row!.id;
}

export async function markEmailSent(q: Transactional, id: number): Promise<void> {
  await q.query('update outbox set sent_at = now() where id = $1', [id]);
}

export async function markEmailFailed(q: Transactional, id: number, error: string): Promise<void> {
  await q.query('update outbox set error = $2 where id = $1', [id, error]);
}
