import formbody from '@fastify/formbody';
import { findTextProblem, LEGAL_MENU, MARKETING_MENUS, multiline, TERMS_PAYMENT_ANCHOR } from '@enq/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DomainError } from '../../domain/errors';
import { httpStatusOf } from '../../plugins/errors';
import { formOriginGuard } from '../../plugins/same-origin';
import { html } from '../../html';
import { SECTION_TEXT, TERMS_PAYMENT_TEXT } from './content';
import emailChangePages from './email-change';
import featureRequestPages from './feature-request';
import { allowSameOriginFraming, sendPage, sitePage as page } from './layout';
import mailPages, { mailViewerUrl } from './mail';
import signupPages from './signup';
import signupConfirmPages from './signup-confirm';

const css = readFileSync(new URL('./site.css', import.meta.url), 'utf8');
const frameHeightJs = readFileSync(new URL('./assets/frame-height.js', import.meta.url), 'utf8');
// The site's forms are read field by field, not through a contract schema: this is their text rule.
// Only the feature request's details are written over several lines.
const siteForm = z.object({ details: multiline(z.string()) }).catchall(z.string());

/**
 * Stand-ins for the marketing site and support area, which are other sites in production
 * (their addresses are configuration); locally they keep every link of the portal alive. The site also
 * has the sign-up page referral links lead to, and the feature-request form the portal embeds.
 */
export default async function sitePages(app: FastifyInstance) {
  await app.register(formbody);
  // These are pages for people, not API clients: a refused or failed form post answers in HTML.
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const given = httpStatusOf(error);
    const status = given >= 400 ? given : 500;
    if (status >= 500) req.log.error({ err: error }, 'site page failed');
    const message =
      status === 429
        ? 'Too many attempts. Please wait a minute and try again.'
        : status >= 500
          ? 'Something went wrong. Please try again.'
          : 'The form could not be read. Please go back and try again.';
    // The form's own errors show inside the portal's frame.
    if (req.url.startsWith('/site/feature-request')) allowSameOriginFraming(reply);
    return sendPage(
      reply,
      page(
        'Please try again',
        html`<div class="hero">
          <h1>Please try again</h1>
          <p>${message}</p>
        </div>`,
      ),
      status,
    );
  });

  // The sign-up and feature-request forms are only taken from the site's own pages.
  app.addHook('onRequest', formOriginGuard(app.config.publicUrl));
  app.addHook('preHandler', async (req) => {
    for (const part of [req.query, req.body]) {
      const problem = part && typeof part === 'object' ? findTextProblem(siteForm, part) : null;
      if (problem)
        throw new DomainError(
          'invalid',
          `${problem.path.join('.')}: ${problem.message}`,
          String(problem.path[0]),
        );
    }
  });

  const anchors = [...MARKETING_MENUS.flatMap((m) => m.items), ...LEGAL_MENU.items];
  const sections = anchors.map(
    ({ label, anchor }) =>
      html`<section id="${anchor}">
        <h2>${label}</h2>
        <p>${SECTION_TEXT[anchor] ?? ''}</p>
        ${
          anchor === 'terms'
            ? html`<section id="${TERMS_PAYMENT_ANCHOR}"><h3>Subscription and payment</h3><p>${TERMS_PAYMENT_TEXT}</p></section>`
            : ''
        }
      </section>`,
  );
  const home = page(
    'Fast access to tax-agency phone lines',
    html`<div class="hero">
        <h1>Skip the hold queue at the tax agency.</h1>
        <p>enQ connects tax professionals to IRS and state tax-agency lines fast, and bills by the credit.</p>
        <a class="cta" href="/">Sign in to your account</a>
        <a class="button-secondary" href="/site/signup">Sign up</a>
      </div>
      ${sections}`,
  );
  // The portal frames the feature-request form in a sandbox (an opaque origin): under helmet's
  // same-origin resource policy the browser would refuse it this public stylesheet.
  app.get('/site/site.css', { schema: { hide: true } }, (_req, reply) =>
    reply.header('cross-origin-resource-policy', 'cross-origin').type('text/css').send(css),
  );
  app.get('/site/frame-height.js', { schema: { hide: true } }, (_req, reply) =>
    reply.header('cross-origin-resource-policy', 'cross-origin').type('text/javascript').send(frameHeightJs),
  );
  app.get('/site/', { schema: { hide: true } }, (_req, reply) => reply.type('text/html').send(home));
  app.get('/site', { schema: { hide: true } }, (_req, reply) => reply.redirect('/site/'));
  app.get('/site/support', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/html').send(
      page(
        'Support',
        html`<div class="hero">
          <h1>Support</h1>
          <p>${SECTION_TEXT.support!}</p>
          <p>
            Email <a href="mailto:support@enq.example.com">support@enq.example.com</a> or call us on weekdays,
            8am to 8pm EST.
          </p>
        </div>`,
      ),
    ),
  );
  await app.register(signupPages);
  await app.register(signupConfirmPages);
  await app.register(featureRequestPages);
  await app.register(emailChangePages);
  if (mailViewerUrl(app.config)) await app.register(mailPages);
}
