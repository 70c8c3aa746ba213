import {
  API_ACCOUNT_BASE,
  TWO_FACTOR_PASSWORD_GUESSES,
  TWO_FACTOR_PATHS,
  TWO_FACTOR_TEXT,
} from '@enq/contract';
import { describe, expect, it } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_ANNUAL,
  DEMO_NEW_TEAM,
  DEMO_SUB_USERS,
} from '../../../../../../src/db/seed/demo-account';
import { drivers } from '../../../../../helpers/app';
import { twoFactorApp } from '../../../../../helpers/two-factor-app';

// Issue 62: a bearer token alone turned two-factor sign-in on (with the thief's authenticator), off, or
// made new recovery codes. Each now takes the current password as well as a code.
describe.each(drivers)('two-factor sign-in on /profile needs the password (%s)', (driver) => {
  const tf = twoFactorApp(driver, [
    DEMO_ADMIN.email,
    DEMO_ANNUAL.email,
    DEMO_NEW_TEAM.email,
    DEMO_SUB_USERS[1]!.email,
  ]);
  const { people, nextCode } = tf;
  const password = DEMO_ADMIN.password;

  const call = (path: string, payload: object, email: string, remoteAddress = '198.51.100.7') =>
    tf.ctx.app.inject({
      method: 'POST',
      remoteAddress,
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${people[email]!.token}` },
      payload,
    });
  /** What a refused request must leave as it was: the two-factor rows, recovery codes and activity. */
  const state = async (email: string) => {
    const { id, accountId } = people[email]!;
    const [row] = await tf.ctx.database.query<{ secret: string; enabled_at: Date | null }>(
      'select secret, enabled_at from two_factor where person_id = $1',
      [id],
    );
    const codes = await tf.ctx.database.query<{ code_hash: string }>(
      'select code_hash from two_factor_recovery_codes where person_id = $1 and used_at is null order by 1',
      [id],
    );
    const activity = await tf.ctx.database.query<{ action: string }>(
      `select action from audit_log where account_id = $1 and action like 'profile.two_factor%'`,
      [accountId],
    );
    return { row: row ?? null, codes: codes.length, activity: activity.length };
  };
  const secrets = new Map<string, string>();
  const currentSecret = (email: string) => secrets.get(email);
  const turnOn = async (email: string) => {
    const { secret } = (await call(TWO_FACTOR_PATHS.start, { password }, email)).json();
    const on = await call(TWO_FACTOR_PATHS.confirm, { code: nextCode(secret) }, email);
    expect(on.statusCode).toBe(200);
    secrets.set(email, secret);
    return secret as string;
  };

  it('TOTP-07 a token alone no longer turns two-factor sign-in on, off, or makes new recovery codes: 400 naming password, nothing changed', async () => {
    const email = DEMO_ADMIN.email;
    const before = await state(email);
    for (const payload of [{}, { password: '' }]) {
      const start = await call(TWO_FACTOR_PATHS.start, payload, email);
      expect(start.statusCode).toBe(400);
      expect(start.json()).toMatchObject({ message: TWO_FACTOR_TEXT.passwordRequired, field: 'password' });
    }
    const wrongStart = await call(TWO_FACTOR_PATHS.start, { password: 'enq-demo-2025' }, email);
    expect(wrongStart.statusCode).toBe(400);
    expect(wrongStart.json()).toMatchObject({ message: TWO_FACTOR_TEXT.passwordWrong, field: 'password' });
    expect(await state(email)).toEqual(before);

    for (const path of [TWO_FACTOR_PATHS.disable, TWO_FACTOR_PATHS.recoveryCodes]) {
      if (!(await state(email)).row?.enabled_at) await turnOn(email);
      const on = await state(email);
      const secret = (await currentSecret(email))!;
      const alone = await call(path, { code: nextCode(secret) }, email);
      expect(alone.statusCode, path).toBe(400);
      expect(alone.json()).toMatchObject({ message: TWO_FACTOR_TEXT.passwordRequired, field: 'password' });
      // The right code with a wrong password: refused by the password, and the code is not spent.
      const code = nextCode(secret);
      const wrong = await call(path, { code, password: `${password}x` }, email);
      expect(wrong.statusCode, path).toBe(400);
      expect(wrong.json()).toMatchObject({ message: TWO_FACTOR_TEXT.passwordWrong, field: 'password' });
      expect(await state(email)).toEqual(on);
      expect((await call(path, { code, password }, email)).statusCode, path).toBe(200);
    }
  });

  it('TOTP-07 wrong passwords from many addresses lock the password out for the account: the right one is then refused (429 naming password), and works again after the lockout', async () => {
    const email = DEMO_ANNUAL.email;
    const secret = await turnOn(email);
    const before = await state(email);
    const paths = [TWO_FACTOR_PATHS.start, TWO_FACTOR_PATHS.disable, TWO_FACTOR_PATHS.recoveryCodes];
    for (let i = 1; i <= TWO_FACTOR_PASSWORD_GUESSES.perAccount; i++) {
      const wrong = await call(
        paths[i % 3]!,
        { code: nextCode(secret), password: `guess-${i}` },
        email,
        `203.0.113.${i}`,
      );
      const last = i === TWO_FACTOR_PASSWORD_GUESSES.perAccount;
      expect(wrong.statusCode, `guess ${i}`).toBe(last ? 429 : 400);
    }
    const right = await call(
      TWO_FACTOR_PATHS.recoveryCodes,
      { code: nextCode(secret), password },
      email,
      '203.0.113.99',
    );
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({
      message: TWO_FACTOR_TEXT.passwordsLocked(TWO_FACTOR_PASSWORD_GUESSES.lockoutMinutes),
      field: 'password',
    });
    expect(await state(email)).toEqual(before);
    // Another account is not held back by it.
    const other = await call(TWO_FACTOR_PATHS.start, { password }, DEMO_NEW_TEAM.email, '203.0.113.99');
    expect(other.statusCode).toBe(200);

    tf.wait(TWO_FACTOR_PASSWORD_GUESSES.lockoutMinutes * 60_000);
    const later = await call(TWO_FACTOR_PATHS.recoveryCodes, { code: nextCode(secret), password }, email);
    expect(later.statusCode).toBe(200);
  });

  it('a person without a password (signed in by another provider) needs a sign-in of the last 5 minutes instead', async () => {
    const email = DEMO_SUB_USERS[1]!.email;
    const [hash] = await tf.ctx.database.query<{ password_hash: string | null }>(
      'select password_hash from people where id = $1',
      [people[email]!.id],
    );
    expect(hash!.password_hash).toBeNull();
    expect((await call(TWO_FACTOR_PATHS.start, {}, email)).statusCode).toBe(200);
    await tf.ctx.database.query(
      "update api_tokens set created_at = now() - interval '6 minutes' where person_id = $1",
      [people[email]!.id],
    );
    const stale = await call(TWO_FACTOR_PATHS.start, {}, email);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ message: TWO_FACTOR_TEXT.recentSignInRequired });
  });
});
