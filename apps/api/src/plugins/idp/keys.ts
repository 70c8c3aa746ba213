import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Transactional } from '../../db/handle';

export interface IdpSecrets {
  signingKey: JWK & { kid: string };
  cookieKeys: string[];
}

/** The provider's signing key and cookie keys are generated on first start and kept in the database. */
export async function loadOrCreateIdpSecrets(database: Transactional): Promise<IdpSecrets> {
  const [existing] = await database.query<{ value: IdpSecrets }>(
    "select value from server_secrets where name = 'idp'",
  );
  if (existing) return existing.value;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const secrets: IdpSecrets = {
    signingKey: { ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  // Two processes starting at once on PostgreSQL: the first insert wins and both use its value.
  await database.query(
    "insert into server_secrets (name, value) values ('idp', $1) on conflict (name) do nothing",
    [JSON.stringify(secrets)],
  );
  const [stored] = await database.query<{ value: IdpSecrets }>(
    "select value from server_secrets where name = 'idp'",
  );
  return stored!.value;
}

export function publicJwk(key: JWK & { kid: string }): JWK {
  const { kty, n, e, kid, alg, use, crv, x, y } = key;
  return Object.fromEntries(
    Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined),
  );
}
