import { API_ACCOUNT_BASE, AUTH_PATHS, PROFILE_PATHS, PROFILE_TEXT, type Profile } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNT_NAME,
  DEMO_ADMIN,
  DEMO_ANNUAL,
  DEMO_STAFF,
  DEMO_SUB_USERS,
} from '../../../../../../src/db/seed/demo-account';
import { DEMO_PROFILE } from '../../../../../../src/db/seed/demo-profile';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';

describe.each(drivers)('profile API (%s)', (driver) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email, DEMO_STAFF.email]) {
      const [p] = await ctx.database.query<{ id: string }>('select id from people where email = $1', [email]);
      ids[email] = p!.id;
      tokens[email] = (await issueApiToken(ctx.database, p!.id)).token;
    }
  });
  afterAll(() => ctx?.close());

  const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object, email = DEMO_ADMIN.email) =>
    ctx.app.inject({
      method,
      url: path.startsWith('/api') ? path : `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${tokens[email]}` },
      ...(payload ? { payload } : {}),
    });
  const put = (patch: Partial<Profile>, email = DEMO_ADMIN.email) =>
    call('PUT', PROFILE_PATHS.profile, { ...DEMO_PROFILE, ...patch }, email);

  it('API-32 PROF-01 answers the demo admin its saved profile with all six fields', async () => {
    const response = await call('GET', PROFILE_PATHS.profile);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      first_name: 'Dana',
      last_name: 'Whitfield',
      company: DEMO_ACCOUNT_NAME,
      email: DEMO_ADMIN.email,
      billing_cc_email: 'ap@harborpinetax.com',
      phone_number: '+12075550143',
    });
  });

  it('a person without a saved profile gets one derived from their name and their account', async () => {
    const response = await call('GET', PROFILE_PATHS.profile, undefined, DEMO_ANNUAL.email);
    expect(response.json()).toEqual({
      first_name: 'Sam',
      last_name: 'Ortiz',
      company: DEMO_ANNUAL.accountName,
      email: DEMO_ANNUAL.email,
      billing_cc_email: '',
      phone_number: '',
    });
  });

  it.each([
    ['PROF-05', { first_name: ' ' }, 'first_name', PROFILE_TEXT.firstNameRequired],
    ['PROF-06', { last_name: '' }, 'last_name', PROFILE_TEXT.lastNameRequired],
    ['PROF-07', { email: '' }, 'email', PROFILE_TEXT.emailRequired],
    ['PROF-08', { email: 'dana@harborpine' }, 'email', PROFILE_TEXT.invalidEmail],
    ['PROF-09', { billing_cc_email: 'ap@' }, 'billing_cc_email', PROFILE_TEXT.invalidBillingCcEmail],
    ['PROF-10', { phone_number: '555-01' }, 'phone_number', PROFILE_TEXT.invalidPhone],
    ['PROF-12', { last_name: '', phone_number: 'x' }, 'last_name', PROFILE_TEXT.lastNameRequired],
  ])(
    '%s the server refuses it with 400, the required text and the field named',
    async (_id, patch, field, message) => {
      const response = await put(patch);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', message, field });
      expect((await call('GET', PROFILE_PATHS.profile)).json()).toEqual(DEMO_PROFILE);
    },
  );

  it('a payload missing a field is a 400 naming it', async () => {
    const { company: _omitted, ...rest } = DEMO_PROFILE;
    const response = await call('PUT', PROFILE_PATHS.profile, rest);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('company');
  });

  it('an email already used by a user of the same account is refused with 409 on the email field', async () => {
    const response = await put({ email: DEMO_SUB_USERS[0]!.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', field: 'email' });
    expect((await call('GET', PROFILE_PATHS.profile)).json().email).toBe(DEMO_ADMIN.email);
  });

  it.each([
    ['another sign-in identity', DEMO_ANNUAL.email],
    ['a staff sign-in', DEMO_STAFF.email],
  ])('an email used by %s is not told apart from a free one (issue 22)', async (_who, email) => {
    const body = (response: { json: () => { message: string } }, address: string) =>
      response.json().message.replace(address, 'X');
    const taken = await put({ email, current_password: DEMO_ADMIN.password } as Partial<Profile>);
    const free = await put({
      email: 'free.address@example.com',
      current_password: DEMO_ADMIN.password,
    } as Partial<Profile>);
    expect([taken.statusCode, free.statusCode]).toEqual([200, 200]);
    expect(body(taken, email)).toBe(body(free, 'free.address@example.com'));
    expect((await call('GET', PROFILE_PATHS.profile)).json().email).toBe(DEMO_ADMIN.email);
  });

  it('API-33 PROF-11 PROF-13 saves the six fields: trimmed values, the phone in E.164, the name and email on the person, and an audit row', async () => {
    const response = await put({
      first_name: ' Dana M. ',
      last_name: 'Whitfield-Pine',
      company: '  Harbor & Pine <Tax> Advisors ',
      email: 'Dana.Whitfield@HarborPineTax.com',
      billing_cc_email: '',
      phone_number: '(207) 555-0199',
    });
    expect(response.statusCode).toBe(200);
    const saved = {
      first_name: 'Dana M.',
      last_name: 'Whitfield-Pine',
      company: 'Harbor & Pine <Tax> Advisors',
      email: 'Dana.Whitfield@HarborPineTax.com',
      billing_cc_email: '',
      phone_number: '+12075550199',
    };
    expect(response.json()).toEqual(saved);
    expect((await call('GET', PROFILE_PATHS.profile)).json()).toEqual(saved);

    const [person] = await ctx.database.query<{ full_name: string; email: string }>(
      'select full_name, email from people where id = $1',
      [ids[DEMO_ADMIN.email]],
    );
    expect(person).toEqual({
      full_name: 'Dana M. Whitfield-Pine',
      email: 'Dana.Whitfield@HarborPineTax.com',
    });
    // The signed-in session reads the new name at once (no stale cache).
    expect((await call('GET', AUTH_PATHS.me)).json()).toMatchObject({
      full_name: 'Dana M. Whitfield-Pine',
      email: 'Dana.Whitfield@HarborPineTax.com',
    });
    const [audit] = await ctx.database.query<{ before: Profile; after: Profile; actor_person_id: string }>(
      "select before, after, actor_person_id from audit_log where action = 'profile.update' order by id desc limit 1",
    );
    expect(audit!.before).toEqual(DEMO_PROFILE);
    expect(audit!.after).toEqual(saved);
    expect(audit!.actor_person_id).toBe(ids[DEMO_ADMIN.email]);

    // Changing only the case of one's own email is no clash, and no change of sign-in: no password asked.
    expect((await put({ ...saved, email: DEMO_ADMIN.email })).statusCode).toBe(200);
  });

  it("another person's profile is untouched by a save", async () => {
    const response = await call('GET', PROFILE_PATHS.profile, undefined, DEMO_ANNUAL.email);
    expect(response.json()).toMatchObject({
      first_name: 'Sam',
      last_name: 'Ortiz',
      email: DEMO_ANNUAL.email,
    });
    const [sam] = await ctx.database.query<{ full_name: string }>(
      'select full_name from people where id = $1',
      [ids[DEMO_ANNUAL.email]],
    );
    expect(sam!.full_name).toBe('Sam Ortiz');
  });

  it('a staff identity cannot reach the profile', async () => {
    expect((await call('GET', PROFILE_PATHS.profile, undefined, DEMO_STAFF.email)).statusCode).toBe(403);
  });

  it('API-34 PROF-17 change-password emails a reset link and answers a message naming the address', async () => {
    // Only what this request wrote: the address already has mail (the demo history's spend alerts, the
    // email-change tests' confirmation links).
    const [before] = await ctx.database.query<{ last: number }>(
      'select coalesce(max(id), 0)::int as last from outbox',
    );
    const response = await call('POST', PROFILE_PATHS.changePassword, undefined, DEMO_ANNUAL.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: `We emailed a password reset link to ${DEMO_ANNUAL.email}.` });
    const mails = await ctx.database.query<{ kind: string; subject: string; text: string }>(
      `select kind, subject, text from outbox where "to" = $1 and id > $2 order by id`,
      [DEMO_ANNUAL.email, before!.last],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('password-reset');
    expect(mails[0]!.text).toMatch(
      new RegExp(`${ctx.app.config.publicUrl}/password-reset/[A-Za-z0-9_-]{43}\\n`),
    );
  });

  it('change-password is rate limited per person', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call('POST', PROFILE_PATHS.changePassword, undefined, DEMO_ADMIN.email)).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    // Only the newest link is good: the earlier four were spent when the next was made.
    const [open] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from password_resets where person_id = $1 and used_at is null',
      [ids[DEMO_ADMIN.email]],
    );
    expect(open!.n).toBe(1);
  });
});
