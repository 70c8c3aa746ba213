import { EMAIL_CHANGE_PAGE_PATH as EMAIL_CHANGE_PAGE, EMAIL_CHANGE_TTL_MINUTES } from '@enq/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { emailChanged, completeEmailChange, findUsableEmailChange, EMAIL_CLASH } from '../../domain/profile';
import { html, type SafeHtml } from '../../html';
import { sendPage, sitePage } from './layout';

/**
 * The page the link in a change-of-email message opens (the portal's Profile asks for it). Opening it
 * only shows what would change, because mail scanners open links too; its button makes the change.
 */
export default async function emailChangePages(app: FastifyInstance) {
  const portalUrl = `${app.config.publicUrl}/`;
  const send = (reply: FastifyReply, status: number, title: string, main: SafeHtml) =>
    sendPage(reply, sitePage(title, main), status);
  const expired = (reply: FastifyReply) =>
    send(
      reply,
      410,
      'Link expired',
      html`<div class="hero">
        <h1>This link has expired or was already used</h1>
        <p>
          Links to confirm a new sign-in email work once and for ${EMAIL_CHANGE_TTL_MINUTES} minutes, and only
          the newest one. Change the email on your Profile again to get a new one.
        </p>
        <a class="cta" href="${portalUrl}profile">Go to your profile</a>
      </div>`,
    );

  app.get<{ Params: { token: string } }>(
    `${EMAIL_CHANGE_PAGE}/:token`,
    { schema: { hide: true } },
    async (req, reply) => {
      const change = await findUsableEmailChange(app.database, req.params.token, app.clock.now());
      if (!change) return expired(reply);
      return send(
        reply,
        200,
        'Confirm your new sign-in email',
        html`<div class="hero">
          <h1>Confirm your new sign-in email</h1>
          <p>
            Your enQ account signs in with ${change.oldEmail}. Confirm to sign in with ${change.newEmail} from
            now on.
          </p>
          <form method="post" action="${EMAIL_CHANGE_PAGE}/${req.params.token}">
            <button class="cta" type="submit">Confirm ${change.newEmail}</button>
          </form>
        </div>`,
      );
    },
  );

  app.post<{ Params: { token: string } }>(
    `${EMAIL_CHANGE_PAGE}/:token`,
    { schema: { hide: true }, config: { rateLimit: { max: 20, timeWindow: '15 minutes' } } },
    async (req, reply) => {
      const outcome = await completeEmailChange(
        app.database,
        req.params.token,
        app.clock.now(),
        (tx, change) => app.mailer.send(emailChanged(change), tx),
      );
      if (outcome.status === 'expired') return expired(reply);
      const { change } = outcome;
      if (outcome.status === 'taken') {
        // Told here, to whoever reads this mailbox, and never to whoever asked for the change.
        return send(
          reply,
          409,
          'Email not changed',
          html`<div class="hero">
            <h1>Your sign-in email was not changed</h1>
            <p>${EMAIL_CLASH['sign-in']} Your sign-in email stays ${change.oldEmail}.</p>
            <a class="cta" href="${portalUrl}">Sign in</a>
          </div>`,
        );
      }
      // Cached sessions carry the old email.
      await app.forgetPerson(change.personId);
      req.log.info({ personId: change.personId }, 'sign-in email changed through its link');
      return send(
        reply,
        200,
        'Sign-in email changed',
        html`<div class="hero">
          <h1>Your sign-in email is now ${change.newEmail}</h1>
          <p>Sign in with ${change.newEmail} from now on. We told ${change.oldEmail} about the change.</p>
          <a class="cta" href="${portalUrl}">Sign in</a>
        </div>`,
      );
    },
  );
}
