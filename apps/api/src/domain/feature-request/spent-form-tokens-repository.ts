import type { Transactional } from '../../db/handle';

/**
 * Records a spent form token by its hash, kept until `expires`; true the first time, false when it was
 * spent before. Tokens past their expiry are forgotten first (they are refused anyway).
 */
export async function recordSpentToken(
  q: Transactional,
  tokenHash: string,
  expires: Date,
  now: Date,
): Promise<boolean> {
  await q.query('delete from spent_form_tokens where expires_at < $1', [now]);
  const rows = await q.query(
    `insert into spent_form_tokens (token_hash, expires_at) values ($1, $2)
     on conflict (token_hash) do nothing returning 1`,
    [tokenHash, expires],
  );
  return rows.length === 1;
}
