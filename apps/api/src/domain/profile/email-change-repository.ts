import { createHash, randomBytes } from 'node:crypto';
import type { Transactional } from '../../db/handle';
import { recordActivity } from '../activity/activity-repository';

const hashChangeToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens are 32 random bytes, base64url: 43 characters. Anything else is not worth a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Whether `token` has a link token's shape (anything else is answered as an expired link, unasked). */
export const isEmailChangeToken = (token: string) => TOKEN_SHAPE.test(token);

export interface EmailChange {
  personId: string;
  accountId: string;
  fullName: string;
  oldEmail: string;
  newEmail: string;
}

/**
 * A single-use link that moves a person's sign-in email to `newEmail`, valid until `expiresAt` (the
 * caller's lifetime of the link); only its SHA-256 is stored. An earlier unused link of theirs stops
 * working: only the newest request counts.
 */
export async function insertEmailChange(
  database: Transactional,
  person: { id: string; accountId: string },
  newEmail: string,
  now: Date,
  expiresAt: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  await database.transaction(async (tx) => {
    await tx.query('update email_changes set used_at = $2 where person_id = $1 and used_at is null', [
      person.id,
      now,
    ]);
    await tx.query(
      `insert into email_changes (token_hash, account_id, person_id, new_email, expires_at)
       values ($1, $2, $3, $4, $5)`,
      [hashChangeToken(token), person.accountId, person.id, newEmail, expiresAt],
    );
  });
  return { token, expiresAt };
}

interface ChangeRow {
  person_id: string;
  account_id: string;
  full_name: string;
  email: string;
  new_email: string;
}

const toChange = (row: ChangeRow): EmailChange => ({
  personId: row.person_id,
  accountId: row.account_id,
  fullName: row.full_name,
  oldEmail: row.email,
  newEmail: row.new_email,
});

/** The change a link stands for while it is unused and unexpired; null for anything else. */
export async function findUsableEmailChange(
  q: Transactional,
  token: string,
  now: Date,
): Promise<EmailChange | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await q.query<ChangeRow>(
    `select c.person_id, c.account_id, p.full_name, p.email, c.new_email
       from email_changes c join people p on p.id = c.person_id
      where c.token_hash = $1 and c.used_at is null and c.expires_at > $2`,
    [hashChangeToken(token), now],
  );
  return row ? toChange(row) : null;
}

/**
 * Spends a link (unused and unexpired) and answers the change it stands for; null when there is none.
 * The conditional update makes the link single-use even under two simultaneous posts.
 */
export async function spendEmailChange(
  tx: Transactional,
  token: string,
  now: Date,
): Promise<EmailChange | null> {
  const [row] = await tx.query<ChangeRow>(
    `update email_changes c set used_at = $2 from people p
      where c.token_hash = $1 and c.used_at is null and c.expires_at > $2 and p.id = c.person_id
      returning c.person_id, c.account_id, p.full_name, p.email, c.new_email`,
    [hashChangeToken(token), now],
  );
  return row ? toChange(row) : null;
}

/** Moves the person's email (and with it their sign-in) to the change's new one, with an audit row. */
export async function moveEmail(tx: Transactional, change: EmailChange): Promise<void> {
  await tx.query('update people set email = $3 where id = $1 and account_id = $2', [
    change.personId,
    change.accountId,
    change.newEmail,
  ]);
  await recordActivity(tx, change.accountId, change.personId, [
    {
      action: 'profile.email_change',
      target_person_id: change.personId,
      before: { email: change.oldEmail },
      after: { email: change.newEmail },
    },
  ]);
}

/**
 * Whether the API token in use was issued within `minutes`: a sign-in this recent stands in for the
 * password. Measured on the database's clock, the one that stamped the token.
 */
export async function signedInWithin(q: Transactional, tokenHash: string, minutes: number): Promise<boolean> {
  const [row] = await q.query<{ recent: boolean }>(
    `select created_at > now() - make_interval(mins => $2) as recent from api_tokens where token_hash = $1`,
    [tokenHash, minutes],
  );
  return row?.recent ?? false;
}

/** The person's password hash, or null when they have none (an external provider signs them in). */
export async function findPasswordHash(q: Transactional, personId: string): Promise<string | null> {
  const [row] = await q.query<{ password_hash: string | null }>(
    'select password_hash from people where id = $1',
    [personId],
  );
  return row?.password_hash ?? null;
}
