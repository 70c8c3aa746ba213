import formbody from '@fastify/formbody';
import {
  AUTHENTICATION_TEXT,
  CLIENT_SECRET_PATTERN,
  REDIRECT_STATUS_PARAM,
  SANDBOX_AUTHENTICATE_PATH,
  sanitizeReturnPath,
} from '@enq/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../../../../domain/errors';
import { html } from '../../../../html';
import { formOriginGuard } from '../../../../plugins/same-origin';
import { SandboxPaymentProvider } from '../../../../plugins/payments/sandbox';
import { intentOfSecret } from '../../../../plugins/payments/sandbox-cards';
import { sendPage, sitePage } from '../../../site/layout';

const ask = z.object({
  client_secret: z.string().min(10).max(200).regex(CLIENT_SECRET_PATTERN, 'is not a client secret'),
  return_url: z.string().max(500),
});
const answer = ask.extend({ outcome: z.enum(['complete', 'fail']) });

const noSuchPayment = () => new DomainError('not-found', 'No such payment to authenticate.', 'client_secret');

/**
 * The sandbox's stand-in for the bank's authentication page (3D Secure), which Stripe.js's
 * handleNextAction opens for a card that asks: the page goes here with the intent's client secret and
 * comes back to `return_url` (a path of the portal) with `redirect_status`, as Stripe's redirect does.
 * Not behind the portal's sign-in: it is the bank's page, and the client secret is what it trusts.
 * Only mounted while the sandbox is the provider.
 */
export default async function sandboxAuthenticationPage(app: FastifyInstance) {
  const sandbox = app.payments;
  if (!(sandbox instanceof SandboxPaymentProvider)) return;
  await app.register(formbody);
  app.addHook('onRequest', formOriginGuard(app.config.publicUrl));
  const path = SANDBOX_AUTHENTICATE_PATH.replace('/api/v1/payments', '');

  app.get(path, { schema: { hide: true, querystring: ask } }, (req, reply) => {
    const { client_secret, return_url } = req.query as z.infer<typeof ask>;
    // A secret the sandbox never gave has no payment to show (the same answer as the form's).
    if (!intentOfSecret(client_secret)) throw noSuchPayment();
    return sendPage(
      reply,
      sitePage(
        AUTHENTICATION_TEXT.sandboxTitle,
        html`<div class="hero">
          <h1>${AUTHENTICATION_TEXT.sandboxTitle}</h1>
          <p>This page stands for your bank's check (3D Secure). No real bank is asked.</p>
          <form method="post" action="${SANDBOX_AUTHENTICATE_PATH}">
            <input type="hidden" name="client_secret" value="${client_secret}">
            <input type="hidden" name="return_url" value="${sanitizeReturnPath(return_url)}">
            <button class="cta" type="submit" name="outcome" value="complete">
              ${AUTHENTICATION_TEXT.sandboxComplete}
            </button>
            <button class="button-secondary" type="submit" name="outcome" value="fail">
              ${AUTHENTICATION_TEXT.sandboxFail}
            </button>
          </form>
        </div>`,
      ),
    );
  });

  app.post(
    path,
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { hide: true, body: answer } },
    async (req, reply) => {
      const { client_secret, return_url, outcome } = req.body as z.infer<typeof answer>;
      if (!(await sandbox.authenticate(client_secret, outcome === 'complete'))) throw noSuchPayment();
      const back = new URL(sanitizeReturnPath(return_url), 'http://portal.invalid');
      back.searchParams.set(REDIRECT_STATUS_PARAM, outcome === 'complete' ? 'succeeded' : 'failed');
      return reply.redirect(back.pathname + back.search, 303);
    },
  );
}
