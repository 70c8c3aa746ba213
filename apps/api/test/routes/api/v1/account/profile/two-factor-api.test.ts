import { API_ACCOUNT_BASE, CODE_GUESSES, TWO_FACTOR_PATHS, TWO_FACTOR_TEXT } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_NEW_TEAM } from '../../../../../../src/db/seed/demo-account';
import { drivers } from '../../../../../helpers/app';
import { twoFactorApp } from '../../../../../helpers/two-factor-app';

describe.each(drivers)('two-factor sign-in on /profile (%s)', (driver) => {
  const tf = twoFactorApp(driver, [DEMO_ADMIN.email, DEMO_ANNUAL.email, DEMO_NEW_TEAM.email]);
  const { people, nextCode } = tf;
  // The three demo people share the demo password.
  const password = DEMO_ADMIN.password;

  const call = (
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
    email = DEMO_ADMIN.email,
    remoteAddress?: string,
  ) =>
    tf.ctx.app.inject({
      method,
      ...(remoteAddress ? { remoteAddress } : {}),
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${people[email]!.token}` },
      ...(payload ? { payload } : {}),
    });
  const activity = (accountId: string) =>
    tf.ctx.database.query<{ action: string }>(
      `select action from audit_log where account_id = $1 and action like 'profile.two_factor%' order by id`,
      [accountId],
    );
  const rows = (personId: string) =>
    tf.ctx.database.query<{ enabled_at: Date | null }>(
      'select enabled_at from two_factor where person_id = $1',
      [personId],
    );

  it('TOTP-07 a customer turns two-factor sign-in on (QR code, a first code, ten recovery codes once), makes new codes and turns it off with a current code, each in the activity log', async () => {
    const admin = people[DEMO_ADMIN.email]!;
    expect((await call('GET', TWO_FACTOR_PATHS.status)).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    const started = await call('POST', TWO_FACTOR_PATHS.start, { password });
    expect(started.statusCode).toBe(200);
    const enrolment = started.json();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauth_uri).toBe(
      `otpauth://totp/enQ:${encodeURIComponent(DEMO_ADMIN.email)}?issuer=enQ&secret=${enrolment.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(enrolment.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qr_code.split(',')[1], 'base64').toString()).toContain('<svg');

    const wrong = await call('POST', TWO_FACTOR_PATHS.confirm, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: TWO_FACTOR_TEXT.wrongCode, field: 'code' });
    expect((await rows(admin.id))[0]!.enabled_at).toBeNull();

    const on = await call('POST', TWO_FACTOR_PATHS.confirm, { code: nextCode(enrolment.secret) });
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toBe(TWO_FACTOR_TEXT.turnedOn);
    expect(on.json().recovery_codes).toHaveLength(10);
    const status = (await call('GET', TWO_FACTOR_PATHS.status)).json();
    expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect((await call('POST', TWO_FACTOR_PATHS.start, { password })).json().message).toBe(
      TWO_FACTOR_TEXT.alreadyOn,
    );

    const renewed = await call('POST', TWO_FACTOR_PATHS.recoveryCodes, {
      code: nextCode(enrolment.secret),
      password,
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().recovery_codes).toHaveLength(10);
    expect(renewed.json().recovery_codes).not.toContain(on.json().recovery_codes[0]);

    const refused = await call('POST', TWO_FACTOR_PATHS.disable, { code: '000000', password });
    expect(refused.statusCode).toBe(400);
    expect(await rows(admin.id)).toHaveLength(1);
    const off = await call('POST', TWO_FACTOR_PATHS.disable, { code: nextCode(enrolment.secret), password });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      message: TWO_FACTOR_TEXT.turnedOff,
    });
    expect(await rows(admin.id)).toEqual([]);
    expect(
      await tf.ctx.database.query('select 1 from two_factor_recovery_codes where person_id = $1', [admin.id]),
    ).toEqual([]);
    expect((await activity(admin.accountId)).map((a) => a.action)).toEqual([
      'profile.two_factor_on',
      'profile.two_factor_codes',
      'profile.two_factor_off',
    ]);
    // Another account's log holds none of it.
    expect(await activity(people[DEMO_ANNUAL.email]!.accountId)).toEqual([]);
  });

  it('TOTP-10 turning it off takes a recovery code as well as an app code: an unknown one is refused naming the code, a good one is used up', async () => {
    const admin = people[DEMO_ADMIN.email]!;
    const { secret } = (await call('POST', TWO_FACTOR_PATHS.start, { password })).json();
    const codes = (await call('POST', TWO_FACTOR_PATHS.confirm, { code: nextCode(secret) })).json()
      .recovery_codes as string[];
    const before = (await activity(admin.accountId)).length;

    const letters = await call('POST', TWO_FACTOR_PATHS.disable, { code: 'not a code', password });
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toMatchObject({
      message: `code: ${TWO_FACTOR_TEXT.codeOrRecoveryFormat}`,
      field: 'code',
    });
    const unknown = await call('POST', TWO_FACTOR_PATHS.disable, { code: 'abcde-fghjk', password });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: TWO_FACTOR_TEXT.wrongCodeOrRecovery, field: 'code' });
    expect((await rows(admin.id))[0]!.enabled_at).not.toBeNull();

    // Typed as shown, in upper case with a space: the same code. Sent twice at once, it turns it off once.
    const typed = ` ${codes[3]!.toUpperCase().replace('-', ' ')} `;
    const answers = await Promise.all([
      call('POST', TWO_FACTOR_PATHS.disable, { code: typed, password }),
      call('POST', TWO_FACTOR_PATHS.disable, { code: typed, password }),
    ]);
    const [off, again] = answers[0]!.statusCode === 200 ? answers : [answers[1]!, answers[0]!];
    expect(off!.statusCode).toBe(200);
    // The other finds the code spent (400) or two-factor already off (409).
    expect([400, 409]).toContain(again!.statusCode);
    expect(off!.json()).toMatchObject({ enabled: false, message: TWO_FACTOR_TEXT.turnedOff });
    expect(await rows(admin.id)).toEqual([]);
    const logged = (await activity(admin.accountId)).slice(before).map((a) => a.action);
    expect(logged).toEqual(['profile.two_factor_off']);
  });

  it('TOTP-10 wrong codes from many addresses lock the account: after the tenth, the right code is refused (429) and the owner is emailed once', async () => {
    const email = DEMO_NEW_TEAM.email;
    const { secret } = (await call('POST', TWO_FACTOR_PATHS.start, { password }, email)).json();
    expect((await call('POST', TWO_FACTOR_PATHS.confirm, { code: nextCode(secret) }, email)).statusCode).toBe(
      200,
    );
    const lockEmails = async () =>
      (
        await tf.ctx.database.query<{ n: number }>(
          'select count(*)::int as n from outbox where kind = \'two_factor_guesses\' and "to" = $1',
          [email],
        )
      )[0]!.n;
    // Each guess from an address of its own: the per-address limit never applies.
    for (let i = 1; i <= CODE_GUESSES.perAccount; i++) {
      const path = i % 2 ? TWO_FACTOR_PATHS.disable : TWO_FACTOR_PATHS.recoveryCodes;
      const wrong = await call('POST', path, { code: '000000', password }, email, `203.0.113.${i}`);
      expect(wrong.statusCode, `guess ${i}`).toBe(i < CODE_GUESSES.perAccount ? 400 : 429);
    }
    const right = await call(
      'POST',
      TWO_FACTOR_PATHS.disable,
      { code: nextCode(secret), password },
      email,
      '203.0.113.99',
    );
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({
      message: TWO_FACTOR_TEXT.accountLocked(CODE_GUESSES.lockoutMinutes),
      field: 'code',
    });
    expect((await call('GET', TWO_FACTOR_PATHS.status, undefined, email)).json()).toMatchObject({
      enabled: true,
    });
    expect(await lockEmails()).toBe(1);
  });

  it('TOTP-08 codes typed with spaces are taken, letters are refused with a message naming the code and change nothing', async () => {
    const annual = people[DEMO_ANNUAL.email]!;
    const { secret } = (await call('POST', TWO_FACTOR_PATHS.start, { password }, DEMO_ANNUAL.email)).json();
    const letters = await call('POST', TWO_FACTOR_PATHS.confirm, { code: '12a456' }, DEMO_ANNUAL.email);
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toMatchObject({ message: `code: ${TWO_FACTOR_TEXT.codeFormat}`, field: 'code' });
    expect((await rows(annual.id))[0]!.enabled_at).toBeNull();
    const code = nextCode(secret);
    const spaced = await call(
      'POST',
      TWO_FACTOR_PATHS.confirm,
      { code: `${code.slice(0, 3)} ${code.slice(3)}` },
      DEMO_ANNUAL.email,
    );
    expect(spaced.statusCode).toBe(200);
    expect((await rows(annual.id))[0]!.enabled_at).not.toBeNull();
  });
});
