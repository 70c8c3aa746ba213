import formbody from '@fastify/formbody';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { safeText } from '@enq/contract';
import { z } from 'zod';
import { findSignInIdentityByEmail } from '../../domain/auth/people-repository';
import { hashPassword, verifyPassword } from '../../domain/auth/password';
import {
  clearSignInFailures,
  recordSignInFailure,
  signInWaitSeconds,
} from '../../domain/auth/sign-in-throttle';
import { formOriginGuard } from '../same-origin';
import { deleteExpiredOidcPayloads } from './adapter';
import { ensureDeviceCookie } from './device-cookie';
import { loadOrCreateIdpSecrets, publicJwk } from './keys';
import { renderLoginPage } from '../../routes/idp/pages';
import { passwordResetRoutes } from '../../routes/idp/password-reset-routes';
import { createProvider, type LoginDevice } from './provider';

const asset = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');
const loginBody = z.object({ email: safeText(z.string().trim().max(320)), password: z.string().max(1024) });
const INVALID_LOGIN = 'Incorrect email or password.';
const tooManyFailures = (seconds: number) =>
  `Too many failed sign-ins. Please wait ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`} and try again, or reset your password.`;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * The embedded OpenID Connect provider at /oidc with our own interaction pages. Used when no external
 * issuer is configured; the portal and the API talk to it exactly as they would to any other issuer.
 */
async function embeddedIdp(app: FastifyInstance) {
  const secrets = await loadOrCreateIdpSecrets(app.database);
  // What an unknown email's password is checked against (see the login route).
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));
  const provider = createProvider({ config: app.config, database: app.database, secrets });
  app.decorate('idpJwks', { keys: [publicJwk(secrets.signingKey)] });

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

  const css = asset('auth.css');
  const logoutJs = asset('logout.js');
  app.get('/interaction-assets/auth.css', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(css),
  );
  app.get('/interaction-assets/logout.js', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/javascript').send(logoutJs),
  );

  await app.register(async (interactions) => {
    await interactions.register(formbody);
    // Sign-in and password-reset forms are only taken from the portal's own pages (no cross-site posts).
    interactions.addHook('onRequest', formOriginGuard(app.config.publicUrl));
    interactions.addHook('onRequest', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
    });

    interactions.get<{ Params: { uid: string } }>(
      '/interaction/:uid',
      { schema: { hide: true } },
      async (req, reply) => {
        const details = await provider.interactionDetails(req.raw, reply.raw);
        if (details.prompt.name !== 'login') {
          // Consent is implied for our first-party client (see loadExistingGrant); finish with no changes.
          reply.hijack();
          return provider.interactionFinished(req.raw, reply.raw, {}, { mergeWithLastSubmission: true });
        }
        return reply.type('text/html').send(renderLoginPage({ uid: details.uid }));
      },
    );

    interactions.post<{ Params: { uid: string } }>(
      '/interaction/:uid/login',
      { schema: { hide: true }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (req, reply) => {
        const details = await provider.interactionDetails(req.raw, reply.raw);
        const parsed = loginBody.safeParse(req.body);
        const email = parsed.success ? parsed.data.email : '';
        const now = new Date();
        const refuse = (status: number, error: string) =>
          reply
            .code(status)
            .type('text/html')
            .send(renderLoginPage({ uid: details.uid, email, error }));
        const wait = email ? await signInWaitSeconds(app.database, email, req.ip, now) : 0;
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          return refuse(429, tooManyFailures(wait));
        }
        const identity = parsed.success ? await findSignInIdentityByEmail(app.database, email) : null;
        // An unknown email costs the same scrypt as a known one: the answer's timing tells nothing.
        const valid = await verifyPassword(
          parsed.success ? parsed.data.password : '',
          identity?.passwordHash ?? (await dummyHash),
        );
        if (!identity || !valid) {
          if (email) await recordSignInFailure(app.database, email, req.ip, now);
          req.log.info('sign-in refused');
          return refuse(401, INVALID_LOGIN);
        }
        await clearSignInFailures(app.database, email, req.ip);
        const deviceId = ensureDeviceCookie(req.raw, reply.raw, app.config.publicUrl.startsWith('https:'));
        const result: LoginDevice = { device: { id: deviceId } };
        reply.hijack();
        return provider.interactionFinished(
          req.raw,
          reply.raw,
          { login: { accountId: identity.identitySubject, remember: true }, ...result },
          { mergeWithLastSubmission: false },
        );
      },
    );

    await interactions.register(passwordResetRoutes);

    interactions.get<{ Params: { uid: string } }>(
      '/interaction/:uid/abort',
      { schema: { hide: true } },
      async (req, reply) => {
        reply.hijack();
        return provider.interactionFinished(
          req.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'Sign-in was cancelled.' },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });
}

export default fp(embeddedIdp, { name: 'idp', dependencies: ['db'] });
