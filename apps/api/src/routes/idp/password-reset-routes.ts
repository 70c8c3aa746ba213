import { PASSWORD_MIN_LENGTH, safeText } from '@enq/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  passwordResetEmail,
  hashPassword,
  completePasswordReset,
  createPasswordReset,
  findResetRecipient,
  findUsableReset,
  findSignInIdentityByEmail,
} from '../../domain/auth';
import {
  PASSWORD_MAX_LENGTH,
  RESET_REQUEST_PATH,
  renderChoosePasswordPage,
  renderPasswordChangedPage,
  renderResetLinkExpiredPage,
  renderResetRequestPage,
  renderResetRequestSentPage,
} from './password-reset-pages';

const requestBody = z.object({ email: safeText(z.string().trim().max(320)) });
const newPasswordBody = z.object({ password: z.string(), confirm: z.string() });

const hidden = { schema: { hide: true } };
const limited = (max: number) => ({ ...hidden, config: { rateLimit: { max, timeWindow: '15 minutes' } } });

/** The first problem with a new password, in words a person can act on. */
function newPasswordProblem(password: string, confirm: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Your new password needs at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Your new password can have at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password !== confirm) return 'The two passwords do not match. Type the same password twice.';
  return null;
}

/**
 * The embedded provider's password reset pages: 'Forgot your password?' from the login page, and the
 * single-use link that the portal's Reset password and that page both email.
 */
export async function passwordResetRoutes(app: FastifyInstance) {
  const portalUrl = `${app.config.publicUrl}/`;

  app.get(RESET_REQUEST_PATH, hidden, async (_req, reply) =>
    reply.type('text/html').send(renderResetRequestPage({ portalUrl })),
  );

  app.post(RESET_REQUEST_PATH, limited(10), async (req, reply) => {
    const parsed = requestBody.safeParse(req.body);
    const email = parsed.success ? parsed.data.email : '';
    if (email === '') {
      return reply
        .code(400)
        .type('text/html')
        .send(renderResetRequestPage({ portalUrl, error: 'Enter the email you sign in with.' }));
    }
    // The answer never waits for the lookup or the email: a known and an unknown address take the
    // same time and get the same page, so neither says whether the address has a sign-in.
    app.afterAnswer.run('password reset link', () => sendResetLink(email, req.log));
    return reply.type('text/html').send(renderResetRequestSentPage({ portalUrl, email }));
  });

  /** After the answer, logged with the request's id (its logger). */
  async function sendResetLink(email: string, log: FastifyBaseLogger): Promise<void> {
    const identity = await findSignInIdentityByEmail(app.database, email);
    const recipient = identity ? await findResetRecipient(app.database, identity.id) : null;
    if (!identity || !recipient) {
      log.info('password reset asked for an email without a sign-in');
      return;
    }
    // The link and its email commit together: no email for a link that was not kept, nor the reverse.
    await app.database.transaction(async (tx) => {
      const { token } = await createPasswordReset(tx, identity.id, app.clock.now());
      await app.mailer.send(
        passwordResetEmail(recipient, `${app.config.publicUrl}${RESET_REQUEST_PATH}/${token}`),
        tx,
      );
    });
  }

  app.get<{ Params: { token: string } }>(`${RESET_REQUEST_PATH}/:token`, hidden, async (req, reply) => {
    // Only looking: mail scanners open links, so a GET never spends one.
    const target = await findUsableReset(app.database, req.params.token, app.clock.now());
    if (!target) return reply.code(410).type('text/html').send(renderResetLinkExpiredPage({ portalUrl }));
    return reply
      .type('text/html')
      .send(renderChoosePasswordPage({ token: req.params.token, email: target.email }));
  });

  app.post<{ Params: { token: string } }>(`${RESET_REQUEST_PATH}/:token`, limited(20), async (req, reply) => {
    const { token } = req.params;
    const target = await findUsableReset(app.database, token, app.clock.now());
    if (!target) return reply.code(410).type('text/html').send(renderResetLinkExpiredPage({ portalUrl }));
    const parsed = newPasswordBody.safeParse(req.body);
    const problem = parsed.success
      ? newPasswordProblem(parsed.data.password, parsed.data.confirm)
      : 'Type your new password twice.';
    if (problem) {
      return reply
        .code(400)
        .type('text/html')
        .send(renderChoosePasswordPage({ token, email: target.email, error: problem }));
    }
    const changed = await completePasswordReset(
      app.database,
      token,
      await hashPassword(parsed.data!.password),
      app.clock.now(),
    );
    if (!changed) return reply.code(410).type('text/html').send(renderResetLinkExpiredPage({ portalUrl }));
    // The tokens were revoked in the database; no process's cache may keep them alive.
    await app.forgetPerson(changed.personId);
    req.log.info({ personId: changed.personId }, 'password changed through a reset link');
    return reply.type('text/html').send(renderPasswordChangedPage({ portalUrl }));
  });
}
