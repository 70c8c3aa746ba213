import {
  FEATURE_REQUEST_LIMITS as LIMITS,
  FEATURE_REQUEST_TEXT,
  environmentForHost,
  validateFeatureRequest,
  type FeatureRequestInput,
} from '@enq/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  saveFeatureRequest,
  FORM_TOKEN_FIELD,
  isValidFormToken,
  issueFormToken,
  loadFormTokenKey,
  spendFormToken,
} from '../../domain/feature-request';
import { html } from '../../html';
import { errorSummary, formValue, inputField, textareaField, type FieldErrors } from './form-fields';
import { allowSameOriginFraming, embeddedPage, sendPage } from './layout';

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'title', 'details'] as const;
const FORM = 'feature-request';
const EXPIRED = 'This form has expired or was not opened here. Check your request and send it again.';

function readInput(source: unknown): FeatureRequestInput {
  const value = (name: keyof FeatureRequestInput, max: number) => formValue(source, name, max);
  return {
    first_name: value('first_name', 1000),
    last_name: value('last_name', 1000),
    email: value('email', 1000),
    phone: value('phone', 1000),
    title: value('title', 1000),
    details: value('details', 20_000),
  };
}

function formPage(input: FeatureRequestInput, errors: FieldErrors, token: string, notice?: string): string {
  const field = (name: keyof FeatureRequestInput) => ({ name, value: input[name], errors });
  return embeddedPage(
    'Request a feature',
    html`<h1>Request a feature</h1>
      <p class="muted">${FEATURE_REQUEST_TEXT.intro}</p>
      ${notice ? html`<div class="error-summary" role="alert"><p>${notice}</p></div>` : ''}
      ${errorSummary(errors, FIELDS)}
      <form class="form" method="post" action="/site/feature-request">
        <input type="hidden" name="${FORM_TOKEN_FIELD}" value="${token}" />
        <div class="row">
          ${inputField({ ...field('first_name'), label: 'First name', autocomplete: 'given-name', maxLength: LIMITS.name })}
          ${inputField({ ...field('last_name'), label: 'Last name', autocomplete: 'family-name', maxLength: LIMITS.name })}
        </div>
        <div class="row">
          ${inputField({ ...field('email'), label: 'Email', type: 'email', autocomplete: 'email', required: true, maxLength: LIMITS.email })}
          ${inputField({ ...field('phone'), label: 'Phone', type: 'tel', autocomplete: 'tel', maxLength: LIMITS.phone })}
        </div>
        ${inputField({ ...field('title'), label: 'Title', required: true, minLength: LIMITS.titleMin, maxLength: LIMITS.title, hint: 'A short summary, e.g. “Export call history to QuickBooks”.' })}
        ${textareaField({ ...field('details'), label: 'Details', required: true, maxLength: LIMITS.details, rows: 7, hint: 'What would you like enQ to do, and how would it help your practice?' })}
        <button class="cta" type="submit">Send request</button>
      </form>`,
  );
}

/**
 * The local stand-in for an external form service (FEATURE_REQUEST_FORM_URL replaces it): the portal
 * frames it, so its pages may be framed by our own origin, and only by it. The portal's frame is
 * sandboxed without allow-same-origin, so the form posts with `Origin: null`: a signed token in the
 * form, bound to it and to the visitor's address, is what shows the post comes from this page.
 */
export default async function featureRequestPages(app: FastifyInstance) {
  const environment = environmentForHost(new URL(app.config.publicUrl).hostname);
  const tokenKey = await loadFormTokenKey(app.database);
  const scope = (req: FastifyRequest) => ({ form: FORM, client: req.ip });
  const tokenFor = (req: FastifyRequest) => issueFormToken(tokenKey, scope(req), app.clock.now());

  const sendFramable = (reply: FastifyReply, status: number, body: string) =>
    sendPage(allowSameOriginFraming(reply), body, status);

  app.get('/site/feature-request', { schema: { hide: true } }, async (req, reply) => {
    const prefill = readInput(req.query);
    // Details may come prefilled (the cancel flow's words, FEATURE_REQUEST_DETAILS_PARAM); the title is the sender's.
    const details = prefill.details.slice(0, LIMITS.details);
    return sendFramable(reply, 200, formPage({ ...prefill, title: '', details }, {}, tokenFor(req)));
  });

  app.post(
    '/site/feature-request',
    {
      schema: { hide: true },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, formToken: true },
    },
    async (req, reply) => {
      const input = readInput(req.body);
      const token = formValue(req.body, FORM_TOKEN_FIELD, 100);
      // Refused, but with the person's text kept and a fresh token: sending again is one click.
      if (!isValidFormToken(tokenKey, scope(req), token, app.clock.now()))
        return sendFramable(reply, 403, formPage(input, {}, tokenFor(req), EXPIRED));
      const errors = validateFeatureRequest(input, environment);
      if (Object.keys(errors).length > 0)
        return sendFramable(reply, 400, formPage(input, errors, tokenFor(req)));
      // A token sends one request: a replayed post (or a second click) is refused like an expired form.
      const id = await app.database.transaction(async (tx) =>
        (await spendFormToken(tx, token, app.clock.now()))
          ? saveFeatureRequest(tx, input, app.clock.now())
          : null,
      );
      if (id === null) return sendFramable(reply, 403, formPage(input, {}, tokenFor(req), EXPIRED));
      req.log.info({ featureRequestId: id }, 'feature request received');
      // The thank-you address carries nothing of the visitor's (it lands in logs and history).
      return reply.redirect('/site/feature-request/thanks', 303);
    },
  );

  app.get('/site/feature-request/thanks', { schema: { hide: true } }, async (_req, reply) =>
    sendFramable(
      reply,
      200,
      embeddedPage(
        'Thank you',
        html`<div class="thanks" role="status">
          <h1>Request sent</h1>
          <p>${FEATURE_REQUEST_TEXT.thanks}</p>
          <p><a class="link" href="/site/feature-request">Send another request</a></p>
        </div>`,
      ),
    ),
  );
}
