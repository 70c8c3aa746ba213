import { createHash, randomBytes } from 'node:crypto';
import type { Transactional } from '../../db/handle';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens are 32 random bytes, base64url: 43 characters. Anything else is not worth a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** What the sign-up form gave, kept until its emailed link is opened (the password only as its hash). */
export interface PendingSignup {
  email: string;
  fullName: string;
  company: string;
  passwordHash: string;
  plan: string;
  ref: string;
}

/**
 * Keeps a sign-up behind a single-use link valid until `expiresAt` (the caller's lifetime of a sign-up
 * link). An earlier sign-up for the same email stops working (only the newest counts), and sign-ups past
 * their time go with it: a hashed password is kept no longer than its link lives. `emailKey` is the
 * canonical key of the sign-up's email (the contract's emailKey), how the earlier one is found.
 */
export async function createPendingSignup(
  database: Transactional,
  signup: PendingSignup,
  emailKey: string,
  now: Date,
  expiresAt: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  await database.transaction(async (tx) => {
    await tx.query('delete from pending_signups where expires_at <= $1 or lower(email) = $2', [
      now,
      emailKey,
    ]);
    await tx.query(
      `insert into pending_signups (token_hash, email, full_name, company, password_hash, plan_id, ref, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        hashToken(token),
        signup.email,
        signup.fullName,
        signup.company,
        signup.passwordHash,
        signup.plan,
        signup.ref,
        expiresAt,
      ],
    );
  });
  return { token, expiresAt };
}

interface PendingRow {
  email: string;
  full_name: string;
  company: string;
  password_hash: string;
  plan_id: string;
  ref: string;
}

const COLUMNS = 'email, full_name, company, password_hash, plan_id, ref';

const toPending = (row: PendingRow): PendingSignup => ({
  email: row.email,
  fullName: row.full_name,
  company: row.company,
  passwordHash: row.password_hash,
  plan: row.plan_id,
  ref: row.ref,
});

/** The sign-up a link stands for while it is unused and unexpired; null for anything else. */
export async function findPendingSignup(
  q: Transactional,
  token: string,
  now: Date,
): Promise<PendingSignup | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await q.query<PendingRow>(
    `select ${COLUMNS} from pending_signups where token_hash = $1 and expires_at > $2`,
    [hashToken(token), now],
  );
  return row ? toPending(row) : null;
}

/**
 * Spends the link: removes its sign-up and answers it, or null when it was already spent or expired.
 * The row's lock makes a second confirmation at the same moment wait, then find nothing; run it in
 * the transaction that creates the account, so the link is spent exactly when the account exists.
 */
export async function claimPendingSignup(
  tx: Transactional,
  token: string,
  now: Date,
): Promise<PendingSignup | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await tx.query<PendingRow>(
    `delete from pending_signups where token_hash = $1 and expires_at > $2 returning ${COLUMNS}`,
    [hashToken(token), now],
  );
  return row ? toPending(row) : null;
}
