import type { Transactional } from '../../db/handle';

export interface SignInIdentity {
  id: string;
  identitySubject: string;
  email: string;
  fullName: string;
  passwordHash: string;
}

/**
 * The person who signs in with a password under an email, or null. `emailKey` is the email's canonical
 * key (the contract's emailKey), the key the sign-in throttle counts by too.
 */
export async function findSignInIdentityByEmailKey(
  database: Transactional,
  emailKey: string,
): Promise<SignInIdentity | null> {
  const [row] = await database.query<{
    id: string;
    identity_subject: string;
    email: string;
    full_name: string;
    password_hash: string;
  }>(
    `select id, identity_subject, email, full_name, password_hash from people
      where lower(email) = $1 and password_hash is not null and identity_subject is not null`,
    // The key, not lower($1): the database would fold `İ` into `i` where the throttle's key does not.
    [emailKey],
  );
  return row
    ? {
        id: row.id,
        identitySubject: row.identity_subject,
        email: row.email,
        fullName: row.full_name,
        passwordHash: row.password_hash,
      }
    : null;
}

export async function findPersonBySubject(database: Transactional, subject: string) {
  const [row] = await database.query<{
    id: string;
    email: string;
    full_name: string;
    sessions_revoked_at: Date | null;
  }>('select id, email, full_name, sessions_revoked_at from people where identity_subject = $1', [subject]);
  return row ?? null;
}

/** The account of the person with exactly this email (as stored); null when none or staff. */
export async function accountOfEmail(database: Transactional, email: string): Promise<string | null> {
  const [row] = await database.query<{ account_id: string | null }>(
    'select account_id from people where email = $1',
    [email],
  );
  return row?.account_id ?? null;
}

/** What the embedded provider's ID token says of a person who can sign in with a password. */
export async function findSignInClaims(
  database: Transactional,
  subject: string,
): Promise<{ email: string; full_name: string } | null> {
  const [row] = await database.query<{ email: string; full_name: string }>(
    'select email, full_name from people where identity_subject = $1 and password_hash is not null',
    [subject],
  );
  return row ?? null;
}
