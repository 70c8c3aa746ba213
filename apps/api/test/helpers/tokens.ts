import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database } from '../../src/db/client';
import { loadOrCreateIdpSecrets } from '../../src/plugins/idp/keys';

export const ISSUER = 'http://localhost:8080/oidc';
export const CLIENT_ID = 'enq-portal';

interface Claims {
  sub: string;
  iss?: string;
  aud?: string;
  expiresIn?: string | number;
  iat?: number;
}

async function sign(key: CryptoKey | Uint8Array, kid: string, claims: Claims) {
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid })
    .setSubject(claims.sub)
    .setIssuer(claims.iss ?? ISSUER)
    .setAudience(claims.aud ?? CLIENT_ID)
    .setIssuedAt(claims.iat)
    // Real issuers' tokens differ from one sign-in to the next; an ID token is exchanged only once.
    .setJti(randomUUID());
  jwt.setExpirationTime(claims.expiresIn ?? '10m');
  return jwt.sign(key);
}

/** An ID token signed with the embedded provider's real signing key. */
export async function providerSignedIdToken(database: Database, claims: Claims): Promise<string> {
  const { signingKey } = await loadOrCreateIdpSecrets(database);
  return sign((await importJWK(signingKey as JWK, 'RS256')) as CryptoKey, signingKey.kid, claims);
}

/** Same kid, same claims, but another key: what a forger would produce. */
export async function foreignSignedIdToken(database: Database, claims: Claims): Promise<string> {
  const { signingKey } = await loadOrCreateIdpSecrets(database);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  await exportJWK(privateKey);
  return sign(privateKey, signingKey.kid, claims);
}

/** An unsigned token (`alg: none`) carrying valid-looking claims. */
export function unsignedIdToken(claims: Claims): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: claims.sub, iss: ISSUER, aud: CLIENT_ID, iat: now, exp: now + 600 })}.`;
}

export async function subjectOf(database: Database, email: string): Promise<string> {
  const [row] = await database.query<{ identity_subject: string }>(
    'select identity_subject from people where lower(email) = lower($1) and identity_subject is not null',
    [email],
  );
  if (!row) throw new Error(`no identity for ${email}`);
  return row.identity_subject;
}
