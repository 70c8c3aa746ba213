import {
  API_ACCOUNT_BASE,
  AUTH_PATHS,
  EMAIL_CHANGE_TEXT,
  PROFILE_PATHS,
  type ProfileUpdate,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_SUB_USERS } from '../../../../../../src/db/seed/demo-account';
import { DEMO_PROFILE } from '../../../../../../src/db/seed/demo-profile';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { TestClock } from '../../../../../helpers/billing-harness';

// Issue 22: a stolen API token alone must not move the sign-in to another address.
describe.each(drivers)('changing the sign-in email (%s)', (driver) => {
  let ctx: TestContext;
  let adminId: string;
  let token: string;
  let address = 0;
  beforeAll(async () => {
    // The wrong-password throttle waits seconds after a failure: on a held clock a slow machine never
    // outlasts that wait between two requests.
    ctx = await createTestApp(driver, {}, { clock: new TestClock(new Date()) });
    const [p] = await ctx.database.query<{ id: string }>('select id from people where email = $1', [
      DEMO_ADMIN.email,
    ]);
    adminId = p!.id;
    token = (await issueApiToken(ctx.database, adminId)).token;
  });
  afterAll(() => ctx?.close());

  // Each test from its own address, so the wrong-password throttle of one never holds back another.
  const put = (patch: Partial<ProfileUpdate>, bearer = token, remoteAddress = `10.9.0.${++address}`) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${API_ACCOUNT_BASE}${PROFILE_PATHS.profile}`,
      headers: { authorization: `Bearer ${bearer}` },
      remoteAddress,
      payload: { ...DEMO_PROFILE, ...patch },
    });
  const me = async () =>
    (await ctx.app.inject({ url: AUTH_PATHS.me, headers: { authorization: `Bearer ${token}` } })).json()
      .email as string;
  const mails = (to: string) =>
    ctx.database.query<{ kind: string; text: string }>(
      'select kind, text from outbox where lower("to") = lower($1) order by id',
      [to],
    );
  const linkIn = (text: string) =>
    new RegExp(`${ctx.app.config.publicUrl}(/site/email-change/[A-Za-z0-9_-]{43})`).exec(text)![1]!;
  const open = (path: string, method: 'GET' | 'POST' = 'GET') =>
    ctx.app.inject({
      method,
      url: path,
      headers: method === 'POST' ? { origin: ctx.app.config.publicUrl } : {},
    });

  it('without the current password the email is refused, naming the password field, and nothing is sent', async () => {
    const response = await put({ email: 'dana.new@example.com', first_name: 'Danielle' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'BAD_REQUEST',
      message: EMAIL_CHANGE_TEXT.currentPasswordRequired,
      field: 'current_password',
    });
    expect(await me()).toBe(DEMO_ADMIN.email);
    expect(await mails('dana.new@example.com')).toEqual([]);
  });

  it('a wrong password is refused, and guessing is throttled like the sign-in page', async () => {
    const from = '10.9.1.1';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await put({ email: 'dana.new@example.com', current_password: 'wrong-guess' }, token, from))
          .statusCode,
      );
    expect(statuses).toEqual([400, 400, 400]);
    const right = await put(
      { email: 'dana.new@example.com', current_password: DEMO_ADMIN.password },
      token,
      from,
    );
    expect(right.statusCode).toBe(429);
    expect(await me()).toBe(DEMO_ADMIN.email);
    expect(await mails('dana.new@example.com')).toEqual([]);
  });

  it('with the password the email waits for its link: the old one stays, the new address gets a link, the old a notice', async () => {
    const response = await put({ email: 'dana.new@example.com', current_password: DEMO_ADMIN.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...DEMO_PROFILE,
      email: DEMO_ADMIN.email,
      message: `We sent a link to dana.new@example.com to confirm the change. Your sign-in email stays ${DEMO_ADMIN.email} until then.`,
    });
    expect(await me()).toBe(DEMO_ADMIN.email);
    const sent = await mails('dana.new@example.com');
    expect(sent.map((m) => m.kind)).toEqual(['email-change-confirm']);
    const notices = (await mails(DEMO_ADMIN.email)).filter((m) => m.kind === 'email-change-requested');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('dana.new@example.com');

    const link = linkIn(sent[0]!.text);
    // Opening the link only shows the change (mail scanners open links too).
    const page = await open(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm your new sign-in email');
    expect(await me()).toBe(DEMO_ADMIN.email);

    const done = await open(link, 'POST');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your sign-in email is now dana.new@example.com');
    expect(await me()).toBe('dana.new@example.com');
    expect((await mails(DEMO_ADMIN.email)).map((m) => m.kind)).toContain('email-changed');
    // Single use.
    expect((await open(link, 'POST')).statusCode).toBe(410);
    expect((await open(link)).statusCode).toBe(410);

    // Back to the demo address for the other tests, the same way.
    await put({ email: DEMO_ADMIN.email, current_password: DEMO_ADMIN.password });
    const back = (await mails(DEMO_ADMIN.email)).filter((m) => m.kind === 'email-change-confirm').at(-1)!;
    expect((await open(linkIn(back.text), 'POST')).statusCode).toBe(200);
    expect(await me()).toBe(DEMO_ADMIN.email);
  });

  it("another sign-in's email gets the same answer as a free one; the clash is only told when the link is opened", async () => {
    const free = await put({ email: 'nobody.yet@example.com', current_password: DEMO_ADMIN.password });
    const taken = await put({ email: DEMO_ANNUAL.email, current_password: DEMO_ADMIN.password });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json().message.replace(DEMO_ANNUAL.email, 'X')).toBe(
      free.json().message.replace('nobody.yet@example.com', 'X'),
    );
    // Only the newest request counts.
    const [first] = await mails('nobody.yet@example.com');
    expect((await open(linkIn(first!.text), 'POST')).statusCode).toBe(410);

    const link = linkIn(
      (await mails(DEMO_ANNUAL.email)).find((m) => m.kind === 'email-change-confirm')!.text,
    );
    const opened = await open(link, 'POST');
    expect(opened.statusCode).toBe(409);
    expect(opened.body).toContain('This email already belongs to another enQ sign-in.');
    expect(opened.body).toContain(`Your sign-in email stays ${DEMO_ADMIN.email}`);
    expect(await me()).toBe(DEMO_ADMIN.email);
  });

  it('an expired link changes nothing', async () => {
    await put({ email: 'late@example.com', current_password: DEMO_ADMIN.password });
    const link = linkIn((await mails('late@example.com'))[0]!.text);
    await ctx.database.query(
      "update email_changes set expires_at = now() - interval '1 minute' where person_id = $1",
      [adminId],
    );
    expect((await open(link, 'POST')).statusCode).toBe(410);
    expect(await me()).toBe(DEMO_ADMIN.email);
  });

  it('someone without a password (an external provider signs them in) needs a sign-in within 5 minutes', async () => {
    const user = DEMO_SUB_USERS[0]!;
    const [p] = await ctx.database.query<{ id: string }>(
      'select id from people where email = $1 and password_hash is null',
      [user.email],
    );
    const fresh = (await issueApiToken(ctx.database, p!.id)).token;
    const profile = (
      await ctx.app.inject({
        url: `${API_ACCOUNT_BASE}${PROFILE_PATHS.profile}`,
        headers: { authorization: `Bearer ${fresh}` },
      })
    ).json();
    const change = (bearer: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `${API_ACCOUNT_BASE}${PROFILE_PATHS.profile}`,
        headers: { authorization: `Bearer ${bearer}` },
        payload: { ...profile, email: 'priya.new@example.com' },
      });
    expect((await change(fresh)).statusCode).toBe(200);
    await ctx.database.query(
      "update api_tokens set created_at = now() - interval '6 minutes' where person_id = $1",
      [p!.id],
    );
    const stale = await change(fresh);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe(EMAIL_CHANGE_TEXT.recentSignInRequired);
  });
});
