import type { Transactional } from '../../db/handle';
import { hashToken } from '../auth/token-repository';

/** The account's name and its admin (the account holder), whom a view-as token stands for. */
export async function findViewAsTarget(
  q: Transactional,
  accountId: string,
): Promise<{ account_name: string; admin_id: string | null } | null> {
  const [row] = await q.query<{ account_name: string; admin_id: string | null }>(
    `select a.name as account_name,
            (select p.id from people p where p.account_id = a.id and p.is_admin and not p.is_staff
              order by p.created_at limit 1) as admin_id
       from accounts a
      where a.id = $1 and not exists (select 1 from people s where s.account_id = a.id and s.is_staff)`,
    [accountId],
  );
  return row ?? null;
}

/** A read-only token of `personId`, issued to the staff member, ending at `expiresAt` (STAFF-07). */
export async function insertViewAsToken(
  q: Transactional,
  personId: string,
  staffPersonId: string,
  token: string,
  expiresAt: Date,
): Promise<void> {
  await q.query(
    `insert into api_tokens (token_hash, account_id, person_id, expires_at, read_only, issued_to_staff)
     select $1, account_id, id, $3::timestamptz, true, $4 from people where id = $2`,
    [hashToken(token), personId, expiresAt, staffPersonId],
  );
}
