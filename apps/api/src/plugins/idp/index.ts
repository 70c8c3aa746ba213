import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Provider from 'oidc-provider';
import { deleteExpiredOidcPayloads } from '../../domain/auth/oidc-payloads-repository';
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

  // Discovery, redirects and cookies are built from the request's host and protocol: pin both to
  // PUBLIC_URL, and hand on the client address Fastify already chose under TRUST_PROXY.
  const publicUrl = new URL(app.config.oidc.issuer);
  app.addHook('onRequest', async (req) => {
    if (!/^\/oidc(?:[/?]|$)/.test(req.url)) return;
    const headers = req.raw.headers;
    headers.host = publicUrl.host;
    headers['x-forwarded-host'] = publicUrl.host;
    headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    headers['x-forwarded-for'] = req.ip;
  });
  await app.register(middie);
  app.use('/oidc', provider.callback());
}

export default fp(embeddedIdp, { name: 'idp', dependencies: ['db'] });
