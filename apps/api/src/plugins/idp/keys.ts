import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Transactional } from '../../db/handle';
import { loadOrCreateSecret } from '../../domain/auth/server-secrets-repository';

export interface IdpSecrets {
  signingKey: JWK & { kid: string };
  cookieKeys: string[];
}

/** The provider's signing key and cookie keys are generated on first start and kept in the database. */
export function loadOrCreateIdpSecrets(database: Transactional): Promise<IdpSecrets> {
  return loadOrCreateSecret(database, 'idp', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const jwk = await exportJWK(privateKey);
    return {
      signingKey: { ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' },
      cookieKeys: [randomBytes(32).toString('base64url')],
    } satisfies IdpSecrets;
  });
}

export function publicJwk(key: JWK & { kid: string }): JWK {
  const { kty, n, e, kid, alg, use, crv, x, y } = key;
  return Object.fromEntries(
    Object.entries({ kty, n, e, kid, alg, use, crv, x, y }).filter(([, v]) => v !== undefined),
  );
}
