import formbody from '@fastify/formbody';
import { formatWait, safeText } from '@enq/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  findSignInIdentityByEmail,
  hashPassword,
  verifyPassword,
  clearSignInFailures,
  recordSignInFailure,
  signInWaitSeconds,
} from '../../domain/auth';
import { impliedConsent } from '../../plugins/idp/consent';
import { errors, type InteractionResults } from 'oidc-provider';
import type { LoginDevice } from '../../plugins/idp/provider';
import { formOriginGuard } from '../../plugins/same-origin';
import { ensureDeviceCookie } from './device-cookie';
import { renderAuthPage } from '../../plugins/idp/auth-page';
import { renderLoginPage } from './pages';
import { html } from '../../html';
import { passwordResetRoutes } from './password-reset-routes';
import { holdSignIn, startEnrolment, signInSecondFactor } from '../../domain/two-factor';
import { renderCodePage, renderEnrolPage } from './two-factor-pages';
import { twoFactorRoutes } from './two-factor-routes';

const asset = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');
const loginBody = z.object({ email: safeText(z.string().trim().max(320)), password: z.string().max(1024) });
const INVALID_LOGIN = 'Incorrect email or password.';
// Each sign-in shows its page once or twice: this only holds back a client hammering unknown ids.
const interactionLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const EXPIRED_PAGE = renderAuthPage({
  title: 'Sign-in expired',
  body: html`<h1>This sign-in has expired</h1>
    <p class="error">The sign-in page was open too long or was already used.</p>
    <p><a class="link" href="/">Start again</a></p>`,
});
/** During a wait the password is not checked (that would let a guesser go on): the page says so. */
const tooManyFailures = (seconds: number) =>
  `Too many failed sign-ins, so this one was not checked. Please wait ${formatWait(seconds)} and try again, or reset your password.`;
/** The failure that starts a wait says so, so that the next try, with the right password too, waits. */
const invalidLoginThenWait = (seconds: number) =>
  `${INVALID_LOGIN} Please wait ${formatWait(seconds)} before you try again.`;

/**
 * The embedded provider's interaction pages (sign-in, cancel, password reset) and their assets.
 * Registered only when the embedded provider is (plugins/idp), whose instance finishes each sign-in.
 */
export default async function idpRoutes(app: FastifyInstance) {
  const provider = app.idpProvider;
  // What an unknown email's password is checked against (see the login route).
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  const css = asset('auth.css');
  const logoutJs = asset('logout.js');
  app.get('/interaction-assets/auth.css', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(css),
  );
  app.get('/interaction-assets/logout.js', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/javascript').send(logoutJs),
  );
  const recoveryCodesJs = asset('recovery-codes.js');
  app.get('/interaction-assets/recovery-codes.js', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/javascript').send(recoveryCodesJs),
  );

  /** The interaction of this request; unknown or expired (the provider's SessionNotFound) answers 400. */
  async function interactionOf(req: FastifyRequest, reply: FastifyReply) {
    try {
      return await provider.interactionDetails(req.raw, reply.raw);
    } catch (err) {
      if (!(err instanceof errors.SessionNotFound)) throw err;
      await reply.code(400).type('text/html').send(EXPIRED_PAGE);
      return null;
    }
  }

  /** Hands the result to the provider, which answers the hijacked reply; if it cannot, we answer. */
  async function finish(
    req: FastifyRequest,
    reply: FastifyReply,
    result: InteractionResults,
    mergeWithLastSubmission: boolean,
  ) {
    reply.hijack();
    try {
      await provider.interactionFinished(req.raw, reply.raw, result, { mergeWithLastSubmission });
    } catch (err) {
      // Past hijack() Fastify answers nothing: a failure here left the socket open for good.
      req.log.warn({ err }, 'interaction could not be finished');
      if (reply.raw.headersSent) reply.raw.end();
      else reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(EXPIRED_PAGE);
    }
  }

  await app.register(async (interactions) => {
    await interactions.register(formbody);
    // Sign-in and password-reset forms are only taken from the portal's own pages (no cross-site posts).
    interactions.addHook('onRequest', formOriginGuard(app.config.publicUrl));
    interactions.addHook('onRequest', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
    });

    interactions.get<{ Params: { uid: string } }>(
      '/interaction/:uid',
      { schema: { hide: true }, config: interactionLimit },
      async (req, reply) => {
        const details = await interactionOf(req, reply);
        if (!details) return reply;
        if (details.prompt.name === 'consent' && details.session?.accountId) {
          // Consent is implied for our first-party client: finish it with a grant, or it asks again.
          const grantId = await impliedConsent(provider, details);
          return finish(req, reply, { consent: { grantId } }, true);
        }
        // No other prompt asks anything of the person: finish it as it is.
        if (details.prompt.name !== 'login') {
          return finish(req, reply, {}, true);
        }
        return reply.type('text/html').send(renderLoginPage({ uid: details.uid }));
      },
    );

    interactions.post<{ Params: { uid: string } }>(
      '/interaction/:uid/login',
      { schema: { hide: true }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
      async (req, reply) => {
        const details = await interactionOf(req, reply);
        if (!details) return reply;
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
          if (!email) return refuse(401, INVALID_LOGIN);
          await recordSignInFailure(app.database, email, req.ip, now);
          req.log.info('sign-in refused');
          const next = await signInWaitSeconds(app.database, email, req.ip, now);
          return refuse(401, next > 0 ? invalidLoginThenWait(next) : INVALID_LOGIN);
        }
        const deviceId = ensureDeviceCookie(req.raw, reply.raw, app.config.publicUrl.startsWith('https:'));
        // TOTP: a person with two-factor sign-in on gives a code next, and a staff member without it
        // sets it up first; failures are cleared only when the second factor is done.
        const second = await signInSecondFactor(app.database, identity.id);
        if (second?.enabled || second?.is_staff) {
          const pending = { personId: identity.id, subject: identity.identitySubject, email, deviceId };
          if (second.enabled) {
            await holdSignIn(app.database, details.uid, { ...pending, step: 'code' }, now);
            return reply.type('text/html').send(renderCodePage({ uid: details.uid }));
          }
          const enrolment = await startEnrolment(app.database, { id: identity.id, email: identity.email });
          if (enrolment === 'already_on') return refuse(409, INVALID_LOGIN);
          await holdSignIn(app.database, details.uid, { ...pending, step: 'enrol' }, now);
          return reply.type('text/html').send(renderEnrolPage({ uid: details.uid, enrolment }));
        }
        await clearSignInFailures(app.database, email, req.ip);
        const result: LoginDevice = { device: { id: deviceId } };
        return finish(
          req,
          reply,
          { login: { accountId: identity.identitySubject, remember: true, amr: ['pwd'] }, ...result },
          false,
        );
      },
    );

    await interactions.register(passwordResetRoutes);
    await interactions.register(twoFactorRoutes, {
      interactionOf,
      finish,
      expired: (reply) => reply.code(400).type('text/html').send(EXPIRED_PAGE),
    });

    interactions.get<{ Params: { uid: string } }>(
      '/interaction/:uid/abort',
      { schema: { hide: true }, config: interactionLimit },
      async (req, reply) => {
        if (!(await interactionOf(req, reply))) return reply;
        return finish(
          req,
          reply,
          { error: 'access_denied', error_description: 'Sign-in was cancelled.' },
          false,
        );
      },
    );
  });
}
