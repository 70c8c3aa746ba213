import { SIGNUP_MESSAGES, SIGNUP_TEXT } from '@enq/contract';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { expectKnownAndUnknownAlike, KNOWN_AND_UNKNOWN_TIMEOUT_MS } from '../../helpers/timing';

const HOST = 'localhost:8080';
const LINK = /https?:\/\/\S+\/site\/signup\/confirm\/[\w-]{43}/;

/** Issue 22: sign-up finishes by email, and its form says the same, as fast, for any email. */
describe.each(drivers)('sign-up finishes by email (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(() => ctx?.close());

  let address = 0;
  /** Each post from its own address: the form allows 10 posts per address and minute. */
  const post = (url: string, form: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: `10.23.${Math.floor(++address / 250)}.${address % 250}`,
      headers: {
        host: HOST,
        origin: 'http://localhost:8080',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(form).toString(),
    });
  const form = (email: string, company = 'Quill Ledger Tax') =>
    post('/site/signup', {
      full_name: 'Robin Quill',
      company,
      email,
      password: 'a long enough password',
      plan: 'solo-monthly',
    });
  const look = (path: string) => ctx.app.inject({ method: 'GET', url: path, headers: { host: HOST } });

  const mails = (kind: string, to: string) =>
    ctx.database.query<{ text: string; subject: string }>(
      `select text, subject from outbox where kind = $1 and lower("to") = lower($2) order by id`,
      [kind, to],
    );
  /** The newest link emailed to `email`, once the form's after-answer work is done. */
  async function linkFor(email: string): Promise<string> {
    await ctx.app.afterAnswer.idle();
    const sent = await mails('signup-link', email);
    expect(sent.length, `a sign-up link to ${email}`).toBeGreaterThan(0);
    return new URL(LINK.exec(sent.at(-1)!.text)![0]).pathname;
  }
  const accountsOf = async (email: string) =>
    (
      await ctx.database.query<{ n: number }>(
        'select count(*)::int as n from people where lower(email) = $1',
        [email.toLowerCase()],
      )
    )[0]!.n;

  it('answers a known and an unknown email with the same status and page; each mailbox gets what fits', async () => {
    const unknownEmail = 'robin@quillledger.com';
    const knownEmail = DEMO_ADMIN.email.toUpperCase();
    const unknown = await form(unknownEmail);
    const known = await form(knownEmail);
    expect([unknown.statusCode, known.statusCode]).toEqual([200, 200]);
    expect(unknown.body.replace(unknownEmail, 'EMAIL')).toBe(known.body.replace(knownEmail, 'EMAIL'));
    expect(known.body).toContain(SIGNUP_TEXT.checkEmail);
    expect(known.body).not.toContain(SIGNUP_MESSAGES.emailTaken);
    expect(known.headers['cache-control']).toBe('no-store');

    await ctx.app.afterAnswer.idle();
    // The owner of the known email is told, and gets no link; the new email gets the link.
    const [notice, ...more] = await mails('signup-attempt', DEMO_ADMIN.email);
    expect(more).toEqual([]);
    expect(notice!.subject).toBe('Someone tried to sign up for enQ with your email');
    expect(notice!.text).toContain('If it was you, sign in at http://localhost:8080/');
    expect(notice!.text).toContain('reset it at http://localhost:8080/password-reset');
    expect(await mails('signup-link', knownEmail)).toEqual([]);
    expect(await linkFor(unknownEmail)).toMatch(/^\/site\/signup\/confirm\//);
    // Nothing is created, nor kept, for the known email; the unknown one waits for its link.
    const pending = await ctx.database.query<{ email: string; password_hash: string }>(
      'select email, password_hash from pending_signups where lower(email) in ($1, $2)',
      [unknownEmail, knownEmail.toLowerCase()],
    );
    expect(pending.map((p) => p.email)).toEqual([unknownEmail]);
    expect(pending[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(await accountsOf(unknownEmail)).toBe(0);
    expect(await accountsOf(knownEmail)).toBe(1);
  });

  it(
    'answers a known and an unknown email in the same time (median of 30 each, alternating)',
    async () => {
      await expectKnownAndUnknownAlike({
        post: (email) => form(email),
        known: DEMO_ADMIN.email,
        unknown: (n) => `timing${n}@quillledger.com`,
        settle: () => ctx.app.afterAnswer.idle(),
      });
    },
    KNOWN_AND_UNKNOWN_TIMEOUT_MS,
  );

  it('the link shows a Confirm button, creates the account once, and then only says it was used', async () => {
    const email = 'once@quillledger.com';
    expect((await form(email, 'Once & Only LLC')).statusCode).toBe(200);
    const path = await linkFor(email);
    // Opening the link (as a mail scanner does) creates nothing and spends nothing.
    for (let i = 0; i < 2; i++) {
      const page = await look(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(SIGNUP_TEXT.confirmButton);
      expect(page.body).toContain(
        `Create the enQ account for Once &amp; Only LLC, signing in with ${email}.`,
      );
      expect(page.body).toContain(`<form method="post" action="${path}">`);
    }
    expect(await accountsOf(email)).toBe(0);

    const done = await post(path);
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe('/site/signup/ready');
    expect((await look('/site/signup/ready')).body).toContain(SIGNUP_TEXT.ready);
    expect(await accountsOf(email)).toBe(1);
    expect(await ctx.database.query('select 1 from pending_signups where email = $1', [email])).toEqual([]);

    for (const again of [await look(path), await post(path)]) {
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain(SIGNUP_TEXT.linkExpired);
      expect(again.body).toContain('href="/site/signup"');
    }
    expect(await accountsOf(email)).toBe(1);
    for (const unknown of ['/site/signup/confirm/nope', `/site/signup/confirm/${'a'.repeat(43)}`]) {
      expect((await look(unknown)).statusCode).toBe(410);
      expect((await post(unknown)).statusCode).toBe(410);
    }
  });

  it('a confirmation posted from another site is refused and creates nothing', async () => {
    const email = 'csrf@quillledger.com';
    await form(email);
    const path = await linkFor(email);
    for (const origin of ['https://evil.example', 'null']) {
      const refused = await ctx.app.inject({ method: 'POST', url: path, headers: { host: HOST, origin } });
      expect(refused.statusCode).toBe(403);
    }
    expect(await accountsOf(email)).toBe(0);
    expect((await post(path)).statusCode).toBe(303);
  });

  it('an expired link shows the expired page and creates nothing', async () => {
    const email = 'late@quillledger.com';
    await form(email);
    const path = await linkFor(email);
    await ctx.database.query(
      "update pending_signups set expires_at = now() - interval '1 second' where email = $1",
      [email],
    );
    const page = await look(path);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(SIGNUP_TEXT.linkExpired);
    expect((await post(path)).statusCode).toBe(410);
    expect(await accountsOf(email)).toBe(0);
  });

  it('two confirmations of one link at once make one account', async () => {
    const email = 'twice@quillledger.com';
    await form(email);
    const path = await linkFor(email);
    const answers = await Promise.all([post(path), post(path), post(path)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 410, 410]);
    expect(await accountsOf(email)).toBe(1);
  });

  it('two links for one email confirmed at once make one account; the other says so and writes nothing', async () => {
    const email = 'race@quillledger.com';
    await form(email);
    const first = await linkFor(email);
    // Two forms sent at the same moment can each keep a link; make the second one as that race would.
    const token = randomBytes(32).toString('base64url');
    await ctx.database.query(
      `insert into pending_signups (token_hash, email, full_name, company, password_hash, plan_id, ref, expires_at)
       select $1, email, full_name, 'Race Two', password_hash, plan_id, ref, expires_at
         from pending_signups where email = $2`,
      [createHash('sha256').update(token).digest('hex'), email],
    );
    const count = async () =>
      (
        await ctx.database.query<{ n: number }>(
          `select ((select count(*) from accounts) + (select count(*) from invoices)
                  + (select count(*) from people))::int as n`,
        )
      )[0]!.n;
    const before = await count();
    const answers = await Promise.all([post(first), post(`/site/signup/confirm/${token}`)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.body).toContain(SIGNUP_TEXT.notCreated);
    expect(refused.body).toContain(SIGNUP_MESSAGES.emailTaken);
    expect(await accountsOf(email)).toBe(1);
    // One account, its holder and its first invoice: nothing of the refused one.
    expect(await count()).toBe(before + 3);
  });
});
