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
import { notify } from '../db/notify';
import { DomainError } from '../domain/errors';

declare module 'fastify' {
  interface FastifyInstance {
    idpJwks?: JSONWebKeySet;
    verifyIdToken: IdTokenVerifier;
    /** onRequest hook: a live API token is required. */
    authenticate: (req: FastifyRequest) => Promise<void>;
    /** Ends an API token now, in the database and in every process's cache. */
    revokeToken: (token: string) => Promise<void>;
    /** After a person's tokens were revoked or their details changed: every process reads them again. */
    forgetPerson: (personId: string) => Promise<void>;
    principalCache: PrincipalCache;
  }
  interface FastifyRequest {
    principal: Principal | null;
    bearerToken: string | null;
  }
}

/** The NOTIFY channel that carries revocations between processes: `token:<hash>` or `person:<id>`. */
export const REVOCATIONS_CHANNEL = 'enq_revocations';

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

  /*
   * Other processes on the same PostgreSQL server hear of revocations on a LISTEN connection. While it
   * is not listening (starting, or lost with the server), a revocation could go unheard: the cache is
   * not trusted then, and emptied once listening again. PGlite has one process: its cache is trusted.
   */
  const { database } = app;
  let trusted = !database.listen;
  const stopListening = database.listen?.(
    REVOCATIONS_CHANNEL,
    (payload) => {
      const [kind, id] = [payload.slice(0, payload.indexOf(':')), payload.slice(payload.indexOf(':') + 1)];
      if (kind === 'token') cache.forgetToken(id);
      else if (kind === 'person') cache.forgetPerson(id);
    },
    (listening) => {
      cache.forgetAll();
      trusted = listening;
    },
  );
  if (stopListening) app.addHook('onClose', stopListening);
  const announce = async (payload: string) => {
    if (database.listen) await notify(database, REVOCATIONS_CHANNEL, payload);
  };

  const lookUp = async (token: string): Promise<Principal | null> => {
    const tokenHash = hashToken(token);
    const cached = trusted ? cache.get(tokenHash) : null;
    if (cached) return cached;
    const generation = cache.generation;
    const found = await findPrincipalByTokenHash(database, tokenHash);
    if (!found) return null;
    if (trusted) cache.set(tokenHash, found.principal, found.expiresAt, Date.now(), generation);
    return found.principal;
  };

  app.decorate('authenticate', async (req: FastifyRequest) => {
    const token = bearerFrom(req);
    const principal = token ? await lookUp(token) : null;
    if (!principal) throw new DomainError('unauthorized', 'Your session has ended. Please sign in again.');
    req.bearerToken = token;
    req.principal = principal;
  });

  // Told after the change is committed, so a process that reads again finds it.
  app.decorate('revokeToken', async (token: string) => {
    const tokenHash = hashToken(token);
    cache.forgetToken(tokenHash);
    await revokeApiTokenHash(database, tokenHash);
    await announce(`token:${tokenHash}`);
  });

  app.decorate('forgetPerson', async (personId: string) => {
    cache.forgetPerson(personId);
    await announce(`person:${personId}`);
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });

/** Account routes: a signed-in account member; staff identities are refused (AUTH-04). */
export async function requireAccountMember(this: FastifyInstance, req: FastifyRequest): Promise<void> {
  await this.authenticate(req);
  if (req.principal!.isStaff || !req.principal!.accountId) {
    throw new DomainError('forbidden', 'Staff identities cannot use the account portal.');
  }
}
