import {
  API_ACCOUNT_BASE,
  AUTH_PATHS,
  IDEMPOTENCY_KEY_HEADER,
  REFERRAL_BONUS_CREDITS,
  SIGNUP_MESSAGES,
  SIGNUP_TEXT,
  referralMailto,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNT_NAME,
  DEMO_ADMIN,
  DEMO_ANNUAL,
  DEMO_STAFF,
} from '../../../../../../src/db/seed/demo-account';
import { DEMO_ANNUAL_REFERRED, DEMO_REFERRAL_CODE } from '../../../../../../src/db/seed/demo-referrals';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import {
  grantPendingReferralBonuses,
  grantReferralBonusForPayment,
} from '../../../../../../src/domain/referral/referral-bonus';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import {
  CookieJar,
  follow,
  redeemCode,
  startAuthorization,
  submitLogin,
} from '../../../../../helpers/oidc-flow';

const COUNTS = `select (select count(*) from accounts)::int as accounts, (select count(*) from people)::int as people,
  (select count(*) from referrals)::int as referrals, (select count(*) from subscriptions)::int as subscriptions,
  (select count(*) from invoices)::int as invoices, (select count(*) from outbox)::int as emails`;

describe.each(drivers)('referral API and sign-up (%s)', (driver) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let demoAccountId = '';

  const tokenFor = async (email: string) => {
    const [p] = await ctx.database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where lower(email) = lower($1) and password_hash is not null',
      [email],
    );
    tokens[email] = (await issueApiToken(ctx.database, p!.id)).token;
    return p!;
  };

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    demoAccountId = (await tokenFor(DEMO_ADMIN.email)).account_id;
    await tokenFor(DEMO_ANNUAL.email);
    await tokenFor(DEMO_STAFF.email);
  });
  afterAll(() => ctx?.close());

  const getReferral = (email = DEMO_ADMIN.email) =>
    ctx.app.inject({
      method: 'GET',
      url: `${API_ACCOUNT_BASE}/referral/`,
      headers: { authorization: `Bearer ${tokens[email]}` },
    });
  const signUpForm = (fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/site/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8080' },
      payload: new URLSearchParams(fields).toString(),
    });
  /** The link the sign-up email to `email` carries (written after the form's answer). */
  const signupLink = async (email: string) => {
    await ctx.app.afterAnswer.idle();
    const mails = await ctx.database.query<{ text: string }>(
      `select text from outbox where kind = 'signup-link' and "to" = $1 order by id`,
      [email],
    );
    expect(mails.length, `a sign-up link to ${email}`).toBeGreaterThan(0);
    return new URL(/https?:\/\/\S+\/site\/signup\/confirm\/[\w-]{43}/.exec(mails.at(-1)!.text)![0]).pathname;
  };
  const confirm = (path: string) =>
    ctx.app.inject({ method: 'POST', url: path, headers: { origin: 'http://localhost:8080' } });
  /** The form, then the Confirm button behind the link it emails: sign-up finishes by email (issue 22). */
  const signUpByEmail = async (fields: Record<string, string>) => {
    const answer = await signUpForm(fields);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain(SIGNUP_TEXT.checkEmail);
    return confirm(await signupLink(fields.email!));
  };
  type Counts = Record<'accounts' | 'people' | 'referrals' | 'subscriptions' | 'invoices' | 'emails', number>;
  const counts = async () => (await ctx.database.query<Counts>(COUNTS))[0]!;

  it('API-31 REF-01 REF-02 REF-05 answers the code, the sign-up link with it and the share email', async () => {
    const response = await getReferral();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.referralCode).toBe(DEMO_REFERRAL_CODE);
    expect(body.referralLink).toBe(`http://localhost:8080/site/signup?ref=${DEMO_REFERRAL_CODE}`);
    expect(body.emailContent.subject).toBe(`${DEMO_ACCOUNT_NAME} invites you to try enQ`);
    expect(body.emailContent.body).toContain(body.referralLink);
    expect(body.emailContent.body).toContain(DEMO_REFERRAL_CODE);
    expect(body.emailContent.body).toContain(DEMO_ADMIN.fullName);
    // The link the page builds from it survives a round trip through a mailto: URL.
    const params = new URL(referralMailto(body.emailContent)).searchParams;
    expect(params.get('body')).toContain(body.referralLink);
    // The seeded referred practices: one bonus granted, one pending.
    expect(body.referrals).toEqual([
      expect.objectContaining({
        company: 'Willamette Valley Tax Group',
        status: 'pending',
        bonus_granted_at: null,
      }),
      expect.objectContaining({ company: 'Cascade Ledger CPAs', status: 'granted' }),
    ]);
  });

  it('makes a code on the first request, one per account even when first requests race, stable after', async () => {
    expect(
      await ctx.database.query(
        'select 1 from referral_codes c join people p using (account_id) where p.email = $1',
        [DEMO_ANNUAL.email],
      ),
    ).toHaveLength(0);
    const racing = await Promise.all([1, 2, 3, 4, 5].map(() => getReferral(DEMO_ANNUAL.email)));
    const codes = new Set(racing.map((r) => r.json().referralCode));
    expect(codes.size).toBe(1);
    const [code] = [...codes];
    expect(code).toMatch(/^LAKESI-[2-9A-HJKMNP-Z]{4}$/);
    expect(code).not.toBe(DEMO_REFERRAL_CODE);
    expect((await getReferral(DEMO_ANNUAL.email)).json().referralCode).toBe(code);
    const [row] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from referral_codes c join people p using (account_id) where p.email = $1',
      [DEMO_ANNUAL.email],
    );
    expect(row!.n).toBe(1);
    expect((await getReferral(DEMO_ANNUAL.email)).json().referrals).toEqual([
      expect.objectContaining({ company: DEMO_ANNUAL_REFERRED.accountName, status: 'granted' }),
    ]);
  });

  it('is for signed-in account members only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `${API_ACCOUNT_BASE}/referral/` })).statusCode).toBe(
      401,
    );
    expect((await getReferral(DEMO_STAFF.email)).statusCode).toBe(403);
  });

  it('the sign-up page names the referrer for a valid code, and says so for an unknown one', async () => {
    const page = await ctx.app.inject(`/site/signup?ref=${DEMO_REFERRAL_CODE.toLowerCase()}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<strong>Harbor &amp; Pine Tax Advisors</strong> referred you to enQ.');
    expect(page.body).toContain('Team · $300 a month · 30,000 credits');
    expect(page.body).not.toContain('<script');
    const unknown = await ctx.app.inject('/site/signup?ref=%3Cb%3ENOPE');
    expect(unknown.body).toContain(
      'The referral code “&lt;b&gt;NOPE” is not valid. You can still sign up without it.',
    );
    expect(unknown.body).not.toContain('<b>NOPE');
  });

  it('bad input shows the form again with the messages, keeps what was typed but the password, writes nothing', async () => {
    const before = await counts();
    const response = await signUpForm({
      ref: DEMO_REFERRAL_CODE,
      full_name: 'Riley Chen',
      company: '',
      email: 'riley@',
      password: 'short-pw',
      plan: 'platinum',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(SIGNUP_MESSAGES.company);
    expect(response.body).toContain(SIGNUP_MESSAGES.email);
    expect(response.body).toContain('Use at least 10 characters for your password.');
    expect(response.body).toContain(SIGNUP_MESSAGES.plan);
    expect(response.body).toContain('value="Riley Chen"');
    expect(response.body).not.toContain('short-pw');
    expect(response.body).toContain('referred you to enQ'); // the code is kept
    expect(await counts()).toEqual(before);
    // An email that already signs in gets the same answer as any other (issue 22); its owner is told.
    const taken = await signUpForm({
      full_name: 'Dana Again',
      company: 'Harbor Two',
      email: DEMO_ADMIN.email.toUpperCase(),
      password: 'long enough password',
      plan: 'solo-monthly',
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toContain(SIGNUP_TEXT.checkEmail);
    expect(taken.body).not.toContain(SIGNUP_MESSAGES.emailTaken);
    await ctx.app.afterAnswer.idle();
    expect(await counts()).toEqual({ ...before, emails: before.emails + 1 });
    const [notice] = await ctx.database.query<{ to: string; kind: string }>(
      'select "to", kind from outbox order by id desc limit 1',
    );
    expect(notice).toEqual({ to: DEMO_ADMIN.email, kind: 'signup-attempt' });
  });

  let referredAccountId = '';
  const NEW = {
    full_name: 'Riley Chen',
    company: 'Chen & Ortega Tax Group',
    email: 'riley.chen@chenortega.com',
    password: 'pine cones in winter',
  };

  it('a valid code creates a sign-in-able account with its subscription and records the referral', async () => {
    const answer = await signUpForm({
      ...NEW,
      plan: 'practice-monthly',
      ref: ` ${DEMO_REFERRAL_CODE.toLowerCase()} `,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    // Nothing is created until the emailed link is opened and confirmed.
    expect(await ctx.database.query('select 1 from people where email = $1', [NEW.email])).toEqual([]);
    const link = await signupLink(NEW.email);
    const look = await ctx.app.inject(link);
    expect(look.statusCode).toBe(200);
    expect(look.body).toContain('Create the enQ account for Chen &amp; Ortega Tax Group');
    expect(look.body).toContain('Practice · $150 a month');
    const response = await confirm(link);
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/site/signup/ready');
    const ready = await ctx.app.inject('/site/signup/ready');
    expect(ready.body).toContain('Your account is ready — sign in');

    const [person] = await ctx.database.query<{
      id: string;
      account_id: string;
      pin: string;
      is_admin: boolean;
      password_hash: string;
      full_name: string;
      name: string;
    }>(
      `select p.id, p.account_id, p.pin, p.is_admin, p.password_hash, p.full_name, a.name
         from people p join accounts a on a.id = p.account_id where p.email = $1`,
      [NEW.email],
    );
    expect(person).toMatchObject({ is_admin: true, full_name: NEW.full_name, name: NEW.company });
    expect(person!.pin).toMatch(/^\d{6}$/);
    expect(person!.password_hash).toMatch(/^scrypt\$/);
    referredAccountId = person!.account_id;

    // The plan starts once its first invoice is paid: no card yet, so it waits for Pay now after sign-in.
    const [order] = await ctx.database.query<{ plan_id: string; status: string }>(
      'select plan_id, status from period_start_orders where account_id = $1',
      [referredAccountId],
    );
    expect(order).toEqual({ plan_id: 'practice-monthly', status: 'awaiting_payment' });
    expect(
      await ctx.database.query('select 1 from subscriptions where account_id = $1', [referredAccountId]),
    ).toEqual([]);
    const invoices = await ctx.database.query<{ status: string; total_cents: number }>(
      'select status, total_cents from invoices where account_id = $1',
      [referredAccountId],
    );
    expect(invoices).toEqual([{ status: 'open', total_cents: 15_000 }]);
    const [referral] = await ctx.database.query(
      'select referrer_account_id, referred_email, bonus_granted_at from referrals where referred_account_id = $1',
      [referredAccountId],
    );
    expect(referral).toEqual({
      referrer_account_id: demoAccountId,
      referred_email: NEW.email,
      bonus_granted_at: null,
    });
    const [welcome] = await ctx.database.query<{ text: string }>(
      'select text from outbox where kind = \'welcome\' and "to" = $1',
      [NEW.email],
    );
    expect(welcome!.text).toContain(`Your PIN: ${person!.pin}`);

    // Signing in through the embedded provider works with the chosen password.
    const jar = new CookieJar();
    const { location, verifier } = await startAuthorization(ctx.app, jar);
    const loggedIn = await submitLogin(ctx.app, jar, location!, NEW.email, NEW.password);
    expect(loggedIn.statusCode).toBe(303);
    const callback = new URL(
      (await follow(ctx.app, jar, loggedIn.headers.location as string)).headers.location as string,
    );
    const { id_token } = (await redeemCode(ctx.app, callback.searchParams.get('code')!, verifier)).json();
    const session = await ctx.app.inject({ method: 'POST', url: AUTH_PATHS.session, payload: { id_token } });
    expect(session.statusCode).toBe(200);
    tokens[NEW.email] = session.json().token;
    const me = await ctx.app.inject({
      method: 'GET',
      url: AUTH_PATHS.me,
      headers: { authorization: `Bearer ${tokens[NEW.email]}` },
    });
    expect(me.json()).toMatchObject({ email: NEW.email, is_admin: true });

    // The referrer sees the new practice as pending.
    expect((await getReferral()).json().referrals[0]).toMatchObject({
      company: NEW.company,
      status: 'pending',
    });
  });

  it('the referrer gets the bonus once, when the referred customer pays the first invoice', async () => {
    // Bonuses granted from now on (the demo history holds one granted 45 days ago).
    const since = new Date();
    const bonusLedger = () =>
      ctx.database.query<{ amount: string }>(
        "select amount::text from credit_ledger where account_id = $1 and kind = 'bonus' and at >= $2",
        [demoAccountId, since],
      );
    // Not paid yet: nothing granted, still pending.
    expect(await grantReferralBonusForPayment(ctx.database, referredAccountId, new Date())).toBe(0);
    expect(await bonusLedger()).toEqual([]);
    // Only a referrer in good standing earns it: the demo practice first pays its declined invoice.
    const [owed] = await ctx.database.query<{ id: string }>(
      "select id from invoices where account_id = $1 and status = 'open'",
      [demoAccountId],
    );
    expect((await ctx.app.billing.chargeInvoice(demoAccountId, owed!.id)).state).toBe('paid');

    const auth = { authorization: `Bearer ${tokens[NEW.email]}` };
    const card = await ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}/billing/change-card`,
      headers: auth,
      payload: { pm_id: 'pm_card_visa' },
    });
    expect(card.statusCode, card.body).toBe(200);
    const [invoice] = await ctx.database.query<{ id: string }>(
      'select id from invoices where account_id = $1',
      [referredAccountId],
    );
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}/invoices/pay/`,
      headers: { ...auth, [IDEMPOTENCY_KEY_HEADER]: 'first-invoice-0001' },
      payload: { invoice_id: invoice!.id },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // Paying it started the plan, with its credits.
    const [started] = await ctx.database.query<{ plan_id: string; status: string }>(
      'select plan_id, status from subscriptions where account_id = $1',
      [referredAccountId],
    );
    expect(started).toEqual({ plan_id: 'practice-monthly', status: 'active' });

    // Paying the first invoice granted it; later calls, even at once, grant nothing more.
    expect(await bonusLedger()).toEqual([{ amount: String(REFERRAL_BONUS_CREDITS * 100) }]);
    const again = await Promise.all([
      grantReferralBonusForPayment(ctx.database, referredAccountId, new Date()),
      grantReferralBonusForPayment(ctx.database, referredAccountId, new Date()),
    ]);
    expect(again).toEqual([0, 0]);
    expect(await grantPendingReferralBonuses(ctx.database, new Date())).toBe(0);
    expect(await bonusLedger()).toEqual([{ amount: String(REFERRAL_BONUS_CREDITS * 100) }]);
    expect((await getReferral()).json().referrals[0]).toMatchObject({
      company: NEW.company,
      status: 'granted',
    });
  });

  it('an unknown code still signs up, without a referral; so does someone already on an account', async () => {
    const before = await counts();
    const unknown = await signUpByEmail({
      full_name: 'Alex Moreno',
      company: 'Moreno Bookkeeping',
      email: 'alex@morenobooks.com',
      password: 'ten chars!!',
      plan: 'solo-annual',
      ref: 'NOPE-2345',
    });
    expect(unknown.statusCode, unknown.body).toBe(303);
    // A user of the demo practice (no sign-in of their own) opens a practice of their own with a code.
    const existing = await signUpByEmail({
      full_name: 'Priya Raman',
      company: 'Raman Tax',
      email: 'priya.raman@harborpinetax.com',
      password: 'my own practice',
      plan: 'solo-monthly',
      ref: DEMO_REFERRAL_CODE,
    });
    expect(existing.statusCode, existing.body).toBe(303);
    const after = await counts();
    expect(after).toMatchObject({
      accounts: before.accounts + 2,
      people: before.people + 2,
      subscriptions: before.subscriptions,
      referrals: before.referrals,
    });
  });

  it('a newer form replaces the older link; two confirmations of one link at once make one account', async () => {
    const before = await counts();
    const form = {
      full_name: 'Jordan Blake',
      company: 'Blake Tax',
      email: 'jordan@blaketax.com',
      password: 'same email twice',
      plan: 'team-monthly',
      ref: DEMO_REFERRAL_CODE,
    };
    expect((await signUpForm(form)).statusCode).toBe(200);
    const older = await signupLink(form.email);
    expect((await signUpForm({ ...form, company: 'Blake Tax Two' })).statusCode).toBe(200);
    const newer = await signupLink(form.email);
    expect(newer).not.toBe(older);
    expect((await ctx.app.inject(older)).statusCode).toBe(410);
    const answers = await Promise.all([confirm(newer), confirm(newer)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 410]);
    expect(answers.find((a) => a.statusCode === 410)!.body).toContain(SIGNUP_TEXT.linkExpired);
    const [created] = await ctx.database.query<{ name: string }>(
      'select a.name from accounts a join people p on p.account_id = a.id where p.email = $1',
      [form.email],
    );
    expect(created).toEqual({ name: 'Blake Tax Two' });
    expect(await counts()).toMatchObject({
      accounts: before.accounts + 1,
      people: before.people + 1,
      subscriptions: before.subscriptions,
      invoices: before.invoices + 1,
      referrals: before.referrals + 1,
    });
  });

  it('limits sign-up attempts', async () => {
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++) {
      last = (await signUpForm({ full_name: 'x', company: '', email: '', password: '', plan: '' }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('referral links with a configured marketing site (pglite)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { MARKETING_URL: 'https://www.enq.example.com/' });
  });
  afterAll(() => ctx?.close());

  it("REF-02 the link is the marketing site's sign-up page", async () => {
    const [p] = await ctx.database.query<{ id: string }>('select id from people where email = $1', [
      DEMO_ADMIN.email,
    ]);
    const { token } = await issueApiToken(ctx.database, p!.id);
    const body = (
      await ctx.app.inject({
        method: 'GET',
        url: `${API_ACCOUNT_BASE}/referral/`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(body.referralLink).toBe(`https://www.enq.example.com/signup?ref=${DEMO_REFERRAL_CODE}`);
  });
});
