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
import type { StaffActor } from '../domain/staff-actions/staff-actions';
import { STAFF_ERRORS, staffCan, VIEW_AS_TEXT, type StaffPermission } from '@enq/contract';

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

/** Account routes: a signed-in account member; staff identities are refused (AUTH-04), view-as tokens only read. */
export async function requireAccountMember(this: FastifyInstance, req: FastifyRequest): Promise<void> {
  await this.authenticate(req);
  if (req.principal!.isStaff || !req.principal!.accountId) {
    throw new DomainError('forbidden', 'Staff identities cannot use the account portal.');
  }
  // A view-as-customer token reads; every change is refused, downloads (GET) included as reads (STAFF-08).
  if (req.principal!.readOnly && req.method !== 'GET' && req.method !== 'HEAD')
    throw new DomainError('forbidden', VIEW_AS_TEXT.readOnly);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A console route's permission (contract admin/staff.ts): every route under /api/v1/admin names one. */
    staffPermission?: StaffPermission;
  }
}

/**
 * Operator-console routes (issue 25): a signed-in staff identity whose role holds the permission the
 * route names in its config. Account tokens are refused; a route that names none is refused to all,
 * so a new route cannot be left open by forgetting it, and a token issued without a second factor is
 * refused (TOTP). Checked before the body is read or validated.
 */
export async function requireStaff(this: FastifyInstance, req: FastifyRequest): Promise<void> {
  await this.authenticate(req);
  const role = req.principal!.isStaff ? req.principal!.staffRole : null;
  if (!role) throw new DomainError('forbidden', STAFF_ERRORS.notStaff);
  // TOTP: staff reach the console only from a sign-in that used a second factor.
  if (!req.principal!.secondFactor) throw new DomainError('forbidden', STAFF_ERRORS.secondFactor);
  const permission = req.routeOptions.config.staffPermission;
  if (!permission || !staffCan(role, permission))
    throw new DomainError('forbidden', permission ? STAFF_ERRORS.role(permission) : STAFF_ERRORS.notStaff);
}

/** The staff member behind a console request, as the audit trail records them. */
export function staffActor(req: FastifyRequest): StaffActor {
  const p = req.principal!;
  return { personId: p.personId, email: p.email, fullName: p.fullName, role: p.staffRole! };
}
