import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { JSONWebKeySet } from 'jose';
import {
  createIdTokenVerifier,
  localKeys,
  remoteKeys,
  type IdTokenVerifier,
} from '../domain/auth/id-token-verifier';
import { PrincipalCache } from '../domain/auth/principal-cache';
import {
  findPrincipalByTokenHash,
  hashToken,
  revokeApiTokenHash,
  type Principal,
} from '../domain/auth/token-repository';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    idpJwks?: JSONWebKeySet;
    verifyIdToken: IdTokenVerifier;
    /** onRequest hook: a live API token is required. */
    authenticate: (req: FastifyRequest) => Promise<void>;
    /** Ends an API token now, here and in this process's cache. */
    revokeToken: (token: string) => Promise<void>;
    principalCache: PrincipalCache;
  }
  interface FastifyRequest {
    principal: Principal | null;
    bearerToken: string | null;
  }
}

function bearerFrom(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

async function authPlugin(app: FastifyInstance) {
  const { issuer, clientId } = app.config.oidc;
  const keys = app.idpJwks ? localKeys(app.idpJwks) : remoteKeys(issuer);
  app.decorate('verifyIdToken', createIdTokenVerifier({ issuer, audience: clientId, keys }));

  app.decorateRequest('principal', null);
  app.decorateRequest('bearerToken', null);
  const cache = new PrincipalCache(app.config.tokenCacheTtlMs);
  app.decorate('principalCache', cache);

  const lookUp = async (token: string): Promise<Principal | null> => {
    const tokenHash = hashToken(token);
    const cached = cache.get(tokenHash);
    if (cached) return cached;
    const found = await findPrincipalByTokenHash(app.database, tokenHash);
    if (!found) return null;
    cache.set(tokenHash, found.principal, found.expiresAt);
    return found.principal;
  };

  app.decorate('authenticate', async (req: FastifyRequest) => {
    const token = bearerFrom(req);
    const principal = token ? await lookUp(token) : null;
    if (!principal) throw new HttpError(401, 'Your session has ended. Please sign in again.');
    req.bearerToken = token;
    req.principal = principal;
  });

  app.decorate('revokeToken', async (token: string) => {
    const tokenHash = hashToken(token);
    cache.forgetToken(tokenHash);
    await revokeApiTokenHash(app.database, tokenHash);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });

/** Account routes: a signed-in account member; staff identities are refused (AUTH-04). */
export async function requireAccountMember(this: FastifyInstance, req: FastifyRequest): Promise<void> {
  await this.authenticate(req);
  if (req.principal!.isStaff || !req.principal!.accountId) {
    throw new HttpError(403, 'Staff identities cannot use the account portal.');
  }
}
