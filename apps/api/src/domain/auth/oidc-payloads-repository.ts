import type { Transactional } from '../../db/handle';

/** What the embedded provider stores: its own JSON, with the fields it looks rows up by. */
export interface OidcPayload {
  grantId?: string;
  userCode?: string;
  uid?: string;
  [key: string]: unknown;
}

/** A live (unexpired) payload by one of its lookup columns; a consumed one says when. */
export async function findOidcPayload(
  q: Transactional,
  model: string,
  column: 'id' | 'uid' | 'user_code',
  value: string,
): Promise<OidcPayload | undefined> {
  const [row] = await q.query<{ payload: OidcPayload; consumed_at: Date | null }>(
    `select payload, consumed_at from oidc_payloads
      where model = $1 and ${column} = $2 and (expires_at is null or expires_at > now())`,
    [model, value],
  );
  if (!row) return undefined;
  return row.consumed_at
    ? { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
    : row.payload;
}

export async function upsertOidcPayload(
  q: Transactional,
  model: string,
  id: string,
  payload: OidcPayload,
  expiresAt: Date | null,
): Promise<void> {
  await q.query(
    `insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
       user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
    [
      model,
      id,
      JSON.stringify(payload),
      payload.grantId ?? null,
      payload.userCode ?? null,
      payload.uid ?? null,
      expiresAt,
    ],
  );
}

/**
 * Adds one to a counter in a payload's JSON, in one statement (guesses sent at once each count): its new
 * value, or null when there is no such payload.
 */
export async function countInOidcPayload(
  q: Transactional,
  model: string,
  id: string,
  field: string,
): Promise<number | null> {
  const [row] = await q.query<{ n: number }>(
    `update oidc_payloads
        set payload = jsonb_set(payload, array[$3::text], to_jsonb(coalesce((payload->>$3)::int, 0) + 1))
      where model = $1 and id = $2
      returning (payload->>$3)::int as n`,
    [model, id, field],
  );
  return row ? row.n : null;
}

export async function consumeOidcPayload(q: Transactional, model: string, id: string): Promise<void> {
  await q.query('update oidc_payloads set consumed_at = now() where model = $1 and id = $2', [model, id]);
}

export async function destroyOidcPayload(q: Transactional, model: string, id: string): Promise<void> {
  await q.query('delete from oidc_payloads where model = $1 and id = $2', [model, id]);
}

export async function revokeOidcGrant(q: Transactional, grantId: string): Promise<void> {
  await q.query('delete from oidc_payloads where grant_id = $1', [grantId]);
}

/** Expired rows are dead weight: the provider never reads them again. */
export async function deleteExpiredOidcPayloads(q: Transactional): Promise<void> {
  await q.query('delete from oidc_payloads where expires_at < now()');
}
