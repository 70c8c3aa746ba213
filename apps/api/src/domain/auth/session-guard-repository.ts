import type { Transactional } from '../../db/handle';
import { revokePersonApiTokens } from './token-repository';

/**
 * Spends an ID token at the session exchange: true the first time, false ever after (until it expires,
 * when the issuer's own check refuses it anyway). Kept in the database so that every process sharing it
 * agrees. The key is the verifier's `replayKey` (a hash of the signed header and claims, jti included
 * when there is one): external issuers need not send a jti, and no other spelling of a spent token
 * (a trailing space or newline, another last base64url character) counts as a new one.
 */
export async function consumeIdToken(
  database: Transactional,
  replayKey: string,
  expiresAt: Date,
): Promise<boolean> {
  await database.query('delete from consumed_id_tokens where expires_at < now()');
  const rows = await database.query(
    `insert into consumed_id_tokens (token_hash, expires_at) values ($1, $2)
     on conflict (token_hash) do nothing returning 1`,
    [replayKey, expiresAt],
  );
  return rows.length === 1;
}

/**
 * Log Out and password resets: ID tokens issued before now no longer open a session. Wall-clock time
 * (the database's), not the business clock: it is compared with the issuer's `iat`.
 */
export async function revokeSessionsNow(q: Transactional, personId: string): Promise<void> {
  await q.query('update people set sessions_revoked_at = now() where id = $1', [personId]);
}

/**
 * Log Out and password resets end every way back in for the person: their API tokens, ID tokens issued
 * until now, and the embedded provider's sessions, grants, codes and pending interactions (all name the
 * identity as accountId), so a silent sign-in with an old session cookie finds no session. These are rows
 * every process reads, so it holds on all of them; the caller tells the principal caches (forgetPerson).
 */
export async function endSignIns(q: Transactional, personId: string, now: Date): Promise<void> {
  await q.transaction(async (tx) => {
    await revokePersonApiTokens(tx, personId, now);
    await revokeSessionsNow(tx, personId);
    await tx.query(
      `delete from oidc_payloads
        where (select identity_subject from people where id = $1) in
              (payload->>'accountId', payload->'session'->>'accountId', payload->'result'->'login'->>'accountId')`,
      [personId],
    );
  });
}

/**
 * Whether an ID token was issued before its person's last Log Out or reset. `iat` has whole seconds:
 * a token of the very second of the Log Out is let through (it is single-use all the same).
 */
export function issuedBeforeRevocation(issuedAt: Date, revokedAt: Date | null): boolean {
  if (!revokedAt) return false;
  return issuedAt.getTime() < Math.floor(revokedAt.getTime() / 1000) * 1000;
}
