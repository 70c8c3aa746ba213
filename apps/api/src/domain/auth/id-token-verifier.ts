import { createHash } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';

// Asymmetric algorithms only: 'none' and HMAC (which a public key could be abused to "sign") are refused.
const ALLOWED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'];

export type IdTokenVerifier = (idToken: string) => Promise<VerifiedIdToken>;

export interface VerifiedIdToken {
  subject: string;
  issuedAt: Date;
  expiresAt: Date;
  /**
   * What the issuer signed, as the verifier read it: the same for every spelling of one token. The
   * decoders forgive whitespace, a newline and unused bits in a segment's last character, so the raw
   * string is no key for "used once". The signature is left out on purpose: an ECDSA signature (r, s)
   * has a twin (r, n - s) that verifies too, and it would make another key for the same sign-in.
   */
  replayKey: string;
}

export class InvalidIdTokenError extends Error {}

export function createIdTokenVerifier(options: {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
}): IdTokenVerifier {
  return async (idToken) => {
    try {
      const { payload, protectedHeader } = await jwtVerify(idToken, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ALLOWED_ALGORITHMS,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      });
      return {
        subject: payload.sub as string,
        issuedAt: new Date(payload.iat! * 1000),
        expiresAt: new Date(payload.exp! * 1000),
        // The payload holds the token's jti when the issuer sends one (the embedded provider does).
        replayKey: createHash('sha256')
          .update(JSON.stringify([protectedHeader, payload]))
          .digest('hex'),
      };
    } catch (error) {
      throw new InvalidIdTokenError((error as Error).message);
    }
  };
}

export const localKeys = (jwks: JSONWebKeySet): JWTVerifyGetKey => createLocalJWKSet(jwks);

/** An external issuer's keys, found through its discovery document on first use and cached by jose. */
export function remoteKeys(issuer: string): JWTVerifyGetKey {
  let keys: JWTVerifyGetKey | null = null;
  return async (header, token) => {
    if (!keys) {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`OIDC discovery failed with ${response.status}`);
      const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri: string };
      keys = createRemoteJWKSet(new URL(jwksUri));
    }
    return keys(header, token);
  };
}
