import {
  SIGNUP_CONFIRM_PATH,
  SIGNUP_LIMITS,
  SIGNUP_PAGE_PATH,
  SIGNUP_PASSWORD_MIN_LENGTH,
  SIGNUP_READY_PATH,
  SIGNUP_TEXT,
  environmentForHost,
  type SignupInput,
} from '@enq/contract';
import type { FastifyInstance } from 'fastify';
import { listAvailablePlans, type Plan } from '../../domain/billing-engine';
import {
  type Referrer,
  checkSignupForm,
  holdSignup,
  referrerFor,
  signupAttemptEmail,
  signupLinkEmail,
} from '../../domain/referral';
import { html, type SafeHtml } from '../../html';
import { RESET_REQUEST_PATH } from '../idp/password-reset-pages';
import { errorSummary, formValue, inputField, selectField, type FieldErrors } from './form-fields';
import { sendPage, sitePage } from './layout';

const FIELDS = ['full_name', 'company', 'email', 'password', 'plan'] as const;

const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
  });

export function planLabel(plan: Plan): string {
  const per = plan.period === 'mo' ? 'month' : 'year';
  const credits = (plan.creditsCc / 100).toLocaleString('en-US');
  return `${plan.name} · ${money(plan.priceCents)} a ${per} · ${credits} credits${plan.save ? ` (${plan.save})` : ''}`;
}

function referralNote(ref: string, referrer: Referrer | null): SafeHtml | '' {
  if (referrer)
    return html`<p class="referral-note" role="status"><strong>${referrer.company}</strong> referred you to enQ. Your referral code <strong>${referrer.code}</strong> is applied.</p>`;
  if (ref)
    return html`<p class="notice" role="status">The referral code “${ref}” is not valid. You can still sign up without it.</p>`;
  return '';
}

function signupForm({
  ref,
  referrer,
  plans,
  values,
  errors,
}: {
  ref: string;
  referrer: Referrer | null;
  plans: Plan[];
  values: Omit<SignupInput, 'password'>;
  errors: FieldErrors;
}): string {
  const field = (name: keyof typeof values) => ({ name, value: values[name], errors, required: true });
  return sitePage(
    'Sign up',
    html`<div class="hero">
        <h1>Create your enQ account</h1>
        <p>
          Reach IRS and state tax-agency lines in minutes. Choose a plan, and you can add users and a card
          once you are in.
        </p>
      </div>
      ${referralNote(ref, referrer)}
      <section aria-labelledby="signup-heading">
        <h2 id="signup-heading">Your details</h2>
        ${errorSummary(errors, FIELDS)}
        <form class="form" method="post" action="${SIGNUP_PAGE_PATH}">
          <input type="hidden" name="ref" value="${ref}" />
          ${inputField({ ...field('full_name'), label: 'Full name', autocomplete: 'name', maxLength: SIGNUP_LIMITS.fullName })}
          ${inputField({ ...field('company'), label: 'Company or practice', autocomplete: 'organization', maxLength: SIGNUP_LIMITS.company })}
          ${inputField({ ...field('email'), label: 'Email', type: 'email', autocomplete: 'email', maxLength: SIGNUP_LIMITS.email, hint: 'You sign in with this email.' })}
          ${inputField({ name: 'password', value: '', errors, required: true, secret: true, label: 'Password', type: 'password', autocomplete: 'new-password', minLength: SIGNUP_PASSWORD_MIN_LENGTH, maxLength: SIGNUP_LIMITS.password, hint: `At least ${SIGNUP_PASSWORD_MIN_LENGTH} characters.` })}
          ${selectField({ ...field('plan'), label: 'Plan', placeholder: 'Choose a plan', choices: plans.map((p) => ({ value: p.id, label: planLabel(p) })) })}
          <button class="cta" type="submit">Create account</button>
        </form>
        <p class="small">Already a customer? <a href="/">Sign in to your account</a>.</p>
      </section>`,
  );
}

/** The sign-up page the referral link leads to (and anyone can reach from the site). */
export default async function signupPages(app: FastifyInstance) {
  const environment = environmentForHost(new URL(app.config.publicUrl).hostname);

  app.get<{ Querystring: { ref?: string } }>(
    SIGNUP_PAGE_PATH,
    { schema: { hide: true } },
    async (req, reply) => {
      const ref = formValue(req.query, 'ref', 64).trim();
      const [plans, referrer] = await Promise.all([
        listAvailablePlans(app.database, app.clock.now()),
        referrerFor(app.database, ref),
      ]);
      const values = { full_name: '', company: '', email: '', plan: '' };
      return sendPage(reply, signupForm({ ref, referrer, plans, values, errors: {} }));
    },
  );

  app.post(
    SIGNUP_PAGE_PATH,
    // Each attempt hashes a password with scrypt (32 MiB, tens of ms): keep bursts away.
    { schema: { hide: true }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const input: SignupInput = {
        full_name: formValue(req.body, 'full_name', 1000),
        company: formValue(req.body, 'company', 1000),
        email: formValue(req.body, 'email', 1000),
        password: formValue(req.body, 'password', 1000),
        plan: formValue(req.body, 'plan', 100),
      };
      const ref = formValue(req.body, 'ref', 64).trim();
      const errors = await checkSignupForm(app.database, input, environment, app.clock.now());
      if (Object.keys(errors).length > 0) {
        const [plans, referrer] = await Promise.all([
          listAvailablePlans(app.database, app.clock.now()),
          referrerFor(app.database, ref),
        ]);
        const { password: _password, ...values } = input;
        return sendPage(reply, signupForm({ ref, referrer, plans, values, errors }), 400);
      }
      // The answer never waits for the lookup, the hash or the email: a new and a known email take the
      // same time and get the same page (issue 22); what differs is only what their mailboxes receive.
      app.afterAnswer.run('sign-up', async () => {
        const outcome = await holdSignup(
          {
            database: app.database,
            now: app.clock.now(),
            sendLink: (tx, signup, token) =>
              app.mailer.send(
                signupLinkEmail(signup, `${app.config.publicUrl}${SIGNUP_CONFIRM_PATH}/${token}`),
                tx,
              ),
            tellOwner: (owner) =>
              app.mailer.send(
                signupAttemptEmail(owner, {
                  signIn: `${app.config.publicUrl}/`,
                  resetPassword: `${app.config.publicUrl}${RESET_REQUEST_PATH}`,
                }),
              ),
          },
          input,
          ref,
        );
        req.log.info({ outcome }, 'sign-up form handled');
      });
      const email = input.email.trim();
      return sendPage(
        reply,
        sitePage(
          SIGNUP_TEXT.checkEmail,
          html`<div class="hero">
            <h1>${SIGNUP_TEXT.checkEmail}</h1>
            <p role="status">${SIGNUP_TEXT.sent(email)}</p>
            <p class="small">${SIGNUP_TEXT.notArrived}</p>
          </div>`,
        ),
      );
    },
  );

  app.get(SIGNUP_READY_PATH, { schema: { hide: true } }, (_req, reply) =>
    sendPage(
      reply,
      sitePage(
        'Your account is ready',
        html`<div class="hero">
          <h1>${SIGNUP_TEXT.ready}</h1>
          <p>
            We emailed your PIN and sign-in details. Sign in with the email and password you chose, then add a
            card on the Billing page to pay your first invoice.
          </p>
          <a class="cta" href="${app.config.publicUrl}/">Sign in</a>
        </div>`,
      ),
    ),
  );
}
