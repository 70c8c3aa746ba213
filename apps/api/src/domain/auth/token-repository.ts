import type { StaffRole } from '@enq/contract';
import { createHash, randomBytes } from 'node:crypto';
import type { Transactional } from '../../db/handle';

export interface Principal {
  personId: string;
  accountId: string | null;
  email: string;
  fullName: string;
  isStaff: boolean;
  /** A staff identity's console role; null for customers. */
  staffRole: StaffRole | null;
  isAdmin: boolean;
  /** The token was issued after a second factor (amr otp): the operator console requires it. */
  secondFactor: boolean;
  /** A view-as-customer token (STAFF-07): it only reads. */
  readOnly?: boolean;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new API token, live until `expiresAt` (the caller's lifetime of a token); `deviceId` is the browser
 * the sign-in came from, when the provider said so, and `secondFactor` whether the sign-in used one.
 */
export async function insertApiToken(
  database: Transactional,
  personId: string,
  expiresAt: Date,
  deviceId: string | null,
  secondFactor: boolean,
) {
  const token = `enq_${randomBytes(32).toString('base64url')}`;
  await database.query(
    `insert into api_tokens (token_hash, account_id, person_id, expires_at, device_id, second_factor)
     select $1, account_id, id, $3::timestamptz, $4, $5 from people where id = $2`,
    [hashToken(token), personId, expiresAt, deviceId, secondFactor],
  );
  return { token, expiresAt };
}

interface PrincipalRow {
  person_id: string;
  account_id: string | null;
  email: string;
  full_name: string;
  is_staff: boolean;
  staff_role: StaffRole | null;
  is_admin: boolean;
  second_factor: boolean;
  read_only?: boolean;
}

/** The person behind a live token (by its hash), or null for unknown, expired and revoked tokens. */
export async function findPrincipalByTokenHash(
  database: Transactional,
  tokenHash: string,
): Promise<{ principal: Principal; expiresAt: Date } | null> {
  const [row] = await database.query<PrincipalRow & { expires_at: Date }>(
    `select p.id as person_id, p.account_id, p.email, p.full_name, p.is_staff, p.staff_role, p.is_admin, t.second_factor, t.read_only, t.expires_at
       from api_tokens t join people p on p.id = t.person_id
      where t.token_hash = $1 and t.revoked_at is null and t.expires_at > now()`,
    [tokenHash],
  );
  if (!row) return null;
  return { principal: toPrincipal(row), expiresAt: new Date(row.expires_at) };
}

function toPrincipal(row: PrincipalRow): Principal {
  return {
    personId: row.person_id,
    // Staff identities sit in the staff account (migration 0010) but act for no account.
    accountId: row.is_staff ? null : row.account_id,
    email: row.email,
    fullName: row.full_name,
    isStaff: row.is_staff,
    staffRole: row.is_staff ? row.staff_role : null,
    isAdmin: row.is_admin,
    secondFactor: row.second_factor,
    readOnly: row.read_only === true,
  };
}

export async function revokeApiTokenHash(database: Transactional, tokenHash: string): Promise<void> {
  await database.query(
    'update api_tokens set revoked_at = now() where token_hash = $1 and revoked_at is null',
    [tokenHash],
  );
}

/** Ends every live token of a person (after a password change); returns how many were live. */
export async function revokePersonApiTokens(q: Transactional, personId: string, now: Date): Promise<number> {
  const rows = await q.query(
    'update api_tokens set revoked_at = $2 where person_id = $1 and revoked_at is null returning 1',
    [personId, now],
  );
  return rows.length;
}

/**
 * Whom `npm run token` issues a token to for an email: the account holder or staff identity first when
 * one email has several; null when nobody has it. `emailKey` is the email's canonical key (the
 * contract's emailKey), not the email as typed.
 */
export async function findTokenHolderByEmailKey(
  database: Transactional,
  emailKey: string,
): Promise<string | null> {
  const [person] = await database.query<{ id: string }>(
    'select id from people where lower(email) = $1 order by is_admin desc, is_staff desc limit 1',
    [emailKey],
  );
  return person?.id ?? null;
}
