import middie from '@fastify/middie';
import { textProblem } from '@enq/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { deleteExpiredOidcPayloads } from '../../domain/auth/oidc-payloads-repository';
import { DomainError } from '../../domain/errors';
import { isUnder, routerPath } from '../request-path';
import { loadOrCreateIdpSecrets, publicJwk } from './keys';
import { createProvider } from './provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded provider; its interaction pages (routes/idp) finish sign-ins through it. */
    idpProvider: Provider;
  }
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * The embedded OpenID Connect provider at /oidc with our own interaction pages. Used when no external
 * issuer is configured; the portal and the API talk to it exactly as they would to any other issuer.
 * The pages it sends people to (sign-in, password reset) are routes/idp.
 */
async function embeddedIdp(app: FastifyInstance) {
  const secrets = await loadOrCreateIdpSecrets(app.database);
  const provider = createProvider({ config: app.config, database: app.database, secrets });
  app.decorate('idpJwks', { keys: [publicJwk(secrets.signingKey)] });
  app.decorate('idpProvider', provider);

  const purge = setInterval(() => {
    deleteExpiredOidcPayloads(app.database).catch((err: unknown) =>
      app.log.warn({ err }, 'oidc purge failed'),
    );
  }, PURGE_EVERY_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  // Before the provider (middie runs in onRequest too): control characters in the path or query are
  // refused here, as the API's validation refuses them in bodies (contract text rule).
  app.addHook('onRequest', refuseControlCharacters);
  await app.register(middie);
  app.use('/oidc', pinnedToIssuer(provider, app.config.oidc.issuer));
}

/**
 * The provider builds discovery, redirects and cookies from the request's host, protocol and path
 * (Koa's `ctx.href`, the mount path from `originalUrl`). Every request it gets is pinned where it
 * enters, whatever path spelling reached the mount (`/OIDC`, `/%6Fidc`, absolute form): host and
 * protocol are PUBLIC_URL's, the mount path the issuer's, and the client address the one Fastify chose
 * under TRUST_PROXY (middie copies it to `req.ip`). Forwarded headers the client wrote are overwritten.
 */
function pinnedToIssuer(provider: Provider, issuerUrl: string) {
  const issuer = new URL(issuerUrl);
  const mountPath = issuer.pathname.replace(/\/$/, '');
  const callback = provider.callback();
  return (req: IncomingMessage & { ip?: string; originalUrl?: string }, res: ServerResponse) => {
    const headers = req.headers;
    headers.host = issuer.host;
    headers['x-forwarded-host'] = issuer.host;
    headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
    headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
    delete headers.forwarded;
    req.originalUrl = `${mountPath}${req.url ?? '/'}`;
    return callback(req, res);
  };
}

/** 400 for a control character in the path or query of the provider's and its pages' requests. */
async function refuseControlCharacters(req: FastifyRequest) {
  const path = routerPath(req.url);
  if (!isUnder(path, '/oidc') && !isUnder(path, '/interaction')) return;
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
  const parts = [path, ...[...new URLSearchParams(query)].flat()];
  const problem = parts.map((part) => textProblem(part)).find(Boolean);
  if (problem) throw new DomainError('invalid', `The address ${problem}.`);
}

export default fp(embeddedIdp, { name: 'idp', dependencies: ['db'] });
