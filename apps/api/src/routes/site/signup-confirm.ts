import { SIGNUP_CONFIRM_PATH, SIGNUP_PAGE_PATH, SIGNUP_READY_PATH, SIGNUP_TEXT } from '@enq/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { listAvailablePlans } from '../../domain/billing-engine';
import { findPendingSignup, signUp, type SignupDeps } from '../../domain/referral';
import { html, type SafeHtml } from '../../html';
import { sendPage, sitePage } from './layout';
import { planLabel } from './signup';

/**
 * The page the link in a sign-up email opens (issue 22: sign-up finishes by email). Opening it only
 * shows what would be created, because mail scanners open links too; its button creates the account.
 */
export default async function signupConfirmPages(app: FastifyInstance) {
  const send = (reply: FastifyReply, status: number, title: string, main: SafeHtml) =>
    sendPage(reply, sitePage(title, main), status);
  const expired = (reply: FastifyReply) =>
    send(
      reply,
      410,
      'Link expired',
      html`<div class="hero">
        <h1>${SIGNUP_TEXT.linkExpired}</h1>
        <p>${SIGNUP_TEXT.linkExpiredDetail}</p>
        <a class="cta" href="${SIGNUP_PAGE_PATH}">${SIGNUP_TEXT.signUpAgain}</a>
      </div>`,
    );

  const welcome: SignupDeps['welcome'] = (tx, account) =>
    app.mailer.send(
      {
        accountId: account.accountId,
        kind: 'welcome',
        to: account.email,
        subject: 'Your enQ account is ready',
        text: [
          `Welcome to enQ, ${account.fullName}.`,
          '',
          `Your PIN: ${account.pin}`,
          `Sign in with ${account.email} at ${app.config.publicUrl}/`,
          '',
          'Add a card on the Billing page to pay your first invoice, then add your team on the Users page.',
        ].join('\n'),
      },
      tx,
    );

  app.get<{ Params: { token: string } }>(
    `${SIGNUP_CONFIRM_PATH}/:token`,
    { schema: { hide: true } },
    async (req, reply) => {
      const signup = await findPendingSignup(app.database, req.params.token, app.clock.now());
      if (!signup) return expired(reply);
      const plan = (await listAvailablePlans(app.database, app.clock.now())).find(
        (p) => p.id === signup.plan,
      );
      return send(
        reply,
        200,
        SIGNUP_TEXT.confirmTitle,
        html`<div class="hero">
          <h1>${SIGNUP_TEXT.confirmTitle}</h1>
          <p>${SIGNUP_TEXT.confirmIntro(signup.company, signup.email)}</p>
          ${plan ? html`<p>Plan: ${planLabel(plan)}</p>` : ''}
          <form method="post" action="${SIGNUP_CONFIRM_PATH}/${req.params.token}">
            <button class="cta" type="submit">${SIGNUP_TEXT.confirmButton}</button>
          </form>
          <p class="small">${SIGNUP_TEXT.notYou}</p>
        </div>`,
      );
    },
  );

  app.post<{ Params: { token: string } }>(
    `${SIGNUP_CONFIRM_PATH}/:token`,
    { schema: { hide: true }, config: { rateLimit: { max: 20, timeWindow: '15 minutes' } } },
    async (req, reply) => {
      const result = await signUp(
        { database: app.database, billing: app.billingEngines, welcome },
        req.params.token,
      );
      if (result.ok) {
        req.log.info(
          { accountId: result.accountId, referred: result.referrer !== null },
          'account signed up',
        );
        return reply.redirect(SIGNUP_READY_PATH, 303);
      }
      if ('expired' in result) return expired(reply);
      // Told here, to whoever reads the mailbox the link was sent to.
      return send(
        reply,
        409,
        SIGNUP_TEXT.notCreated,
        html`<div class="hero">
          <h1>${SIGNUP_TEXT.notCreated}</h1>
          ${Object.values(result.errors).map((message) => html`<p>${message}</p>`)}
          <a class="cta" href="${app.config.publicUrl}/">Sign in</a>
          <a class="button-secondary" href="${SIGNUP_PAGE_PATH}">${SIGNUP_TEXT.signUpAgain}</a>
        </div>`,
      );
    },
  );
}
