import { createHash, randomBytes } from 'node:crypto';
import type { Transactional } from '../../db/handle';
import { endSignIns } from './session-guard-repository';

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Reset tokens are 32 random bytes, base64url: 43 characters. Anything else is not worth a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface ResetTarget {
  personId: string;
  email: string;
  fullName: string;
}

/** Who gets a person's reset link: their sign-in email, if they have a password at all. */
export async function findResetRecipient(
  q: Transactional,
  personId: string,
): Promise<{ email: string; fullName: string; accountId: string | null } | null> {
  const [row] = await q.query<{ email: string; full_name: string; account_id: string | null }>(
    'select email, full_name, account_id from people where id = $1 and password_hash is not null',
    [personId],
  );
  return row ? { email: row.email, fullName: row.full_name, accountId: row.account_id } : null;
}

/**
 * A new single-use reset link for a person, valid until `expiresAt` (the caller's lifetime of a reset
 * link). Only its SHA-256 is stored. Any earlier unused link of theirs stops working: only the newest
 * email is good.
 */
export async function insertPasswordReset(
  database: Transactional,
  personId: string,
  now: Date,
  expiresAt: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  await database.transaction(async (tx) => {
    await tx.query('update password_resets set used_at = $2 where person_id = $1 and used_at is null', [
      personId,
      now,
    ]);
    await tx.query(
      `insert into password_resets (token_hash, account_id, person_id, expires_at)
       select $1, account_id, id, $3::timestamptz from people where id = $2`,
      [hashResetToken(token), personId, expiresAt],
    );
  });
  return { token, expiresAt };
}

/** The person a link belongs to while it is unused and unexpired; null for anything else. */
export async function findUsableReset(
  q: Transactional,
  token: string,
  now: Date,
): Promise<ResetTarget | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await q.query<{ person_id: string; email: string; full_name: string }>(
    `select r.person_id, p.email, p.full_name from password_resets r join people p on p.id = r.person_id
      where r.token_hash = $1 and r.used_at is null and r.expires_at > $2 and p.password_hash is not null`,
    [hashResetToken(token), now],
  );
  return row ? { personId: row.person_id, email: row.email, fullName: row.full_name } : null;
}

/**
 * Spends the link and sets the new password hash, in one transaction: the conditional update is what
 * makes a link single-use even under two simultaneous submissions. Every API token of the person is
 * revoked and every session the identity provider holds for them is ended, so a password change also
 * throws out whoever else was signed in. Null when the link was unknown, used or expired.
 */
export async function completePasswordReset(
  database: Transactional,
  token: string,
  passwordHash: string,
  now: Date,
): Promise<ResetTarget | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  return database.transaction(async (tx) => {
    const [spent] = await tx.query<{ person_id: string }>(
      `update password_resets set used_at = $2
        where token_hash = $1 and used_at is null and expires_at > $2
        returning person_id`,
      [hashResetToken(token), now],
    );
    if (!spent) return null;
    const [person] = await tx.query<{ email: string; full_name: string }>(
      `update people set password_hash = $2 where id = $1 and password_hash is not null
        returning email, full_name`,
      [spent.person_id, passwordHash],
    );
    if (!person) return null;
    await tx.query('update password_resets set used_at = $2 where person_id = $1 and used_at is null', [
      spent.person_id,
      now,
    ]);
    await endSignIns(tx, spent.person_id, now);
    return { personId: spent.person_id, email: person.email, fullName: person.full_name };
  });
}
