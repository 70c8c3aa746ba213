import { AUTH_PATHS, CODE_GUESSES, STAFF_ERRORS, TWO_FACTOR_TEXT } from '@enq/contract';
import { decodeJwt } from 'jose';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_STAFF } from '../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../src/domain/auth/api-tokens';
import { hashToken } from '../../../src/domain/auth/token-repository';
import { confirmEnrolment, startEnrolment } from '../../../src/domain/two-factor/two-factor';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import {
  CookieJar,
  follow,
  redeemCode,
  REDIRECT_URI,
  startAuthorization,
  submitInteraction,
  submitLogin,
} from '../../helpers/oidc-flow';
import { STAFF_BY_ROLE, staffToken } from '../../helpers/staff';

const STAFF_PASSWORD = DEMO_STAFF.password;

describe.each(drivers)('two-factor sign-in (%s)', (driver) => {
  let ctx: TestContext;
  // Each code is taken once (its 30 s step is spent): the server's clock moves a minute before each.
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  /** The current code, computed by otplib (an implementation independent of the server's otpauth). */
  const codeNow = (secret: string) =>
    generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  const nextCode = (secret: string) => {
    offsetMs += 60_000;
    return codeNow(secret);
  };

  beforeAll(async () => {
    ctx = await createTestApp(driver, {}, { clock });
  });
  afterAll(() => ctx?.close());
  // These tests sign in more often than the pages' per-address limit allows in a minute: each starts
  // with the counts of a new minute.
  beforeEach(async () => {
    await ctx.database.query('delete from rate_limit_hits');
  });

  const personId = async (email: string) =>
    (
      await ctx.database.query<{ id: string }>('select id from people where lower(email) = lower($1)', [
        email,
      ])
    )[0]!.id;

  /** Authorization request and password: the page that answers, and how to go on from it. */
  async function password(email: string, pass: string) {
    const jar = new CookieJar();
    const { verifier, location } = await startAuthorization(ctx.app, jar);
    const page = await submitLogin(ctx.app, jar, location!, email, pass);
    return { jar, verifier, interaction: location!, page };
  }
  /** From a finished interaction to the provider's ID token. */
  async function idToken(jar: CookieJar, verifier: string, location: string) {
    let next = location;
    for (let hops = 0; hops < 4 && !next.startsWith(REDIRECT_URI); hops++) {
      next = (await follow(ctx.app, jar, next)).headers.location as string;
    }
    const tokens = await redeemCode(ctx.app, new URL(next).searchParams.get('code')!, verifier);
    return tokens.json().id_token as string;
  }
  const exchange = async (token: string) =>
    (
      await ctx.app.inject({ method: 'POST', url: AUTH_PATHS.session, payload: { id_token: token } })
    ).json() as {
      token: string;
    };
  const adminMe = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/admin/me', headers: { authorization: `Bearer ${token}` } });
  const secondFactorOf = async (token: string) =>
    (
      await ctx.database.query<{ second_factor: boolean }>(
        'select second_factor from api_tokens where token_hash = $1',
        [hashToken(token)],
      )
    )[0]?.second_factor;

  /** Turns two-factor sign-in on for a person through the domain (as /profile or a first sign-in does). */
  async function enrol(email: string) {
    const id = await personId(email);
    const enrolment = await startEnrolment(ctx.database, { id, email });
    if (enrolment === 'already_on') throw new Error('already on');
    const codes = await confirmEnrolment(ctx.database, id, nextCode(enrolment.secret), clock.now());
    if (!Array.isArray(codes)) throw new Error(`not enrolled: ${codes}`);
    return { secret: enrolment.secret, codes };
  }

  let morganSecret = '';

  it('TOTP-01 TOTP-09 a staff member without two-factor sign-in sets it up after the password (QR code, key, first code, recovery codes once, to download or copy) before any token is issued', async () => {
    const { jar, verifier, interaction, page } = await password(DEMO_STAFF.email, STAFF_PASSWORD);
    expect(page.statusCode).toBe(200);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain('Set up two-factor sign-in');
    expect(page.body).toMatch(/<img class="qr" src="data:image\/svg\+xml;base64,[\w+/=]+"/);
    const secret = /data-secret="([A-Z2-7]+)"/.exec(page.body)![1]!;
    expect(secret).toHaveLength(32);
    expect(page.body).toContain(
      `href="otpauth://totp/enQ:${encodeURIComponent(DEMO_STAFF.email)}?issuer=enQ&amp;secret=${secret}&amp;algorithm=SHA1&amp;digits=6&amp;period=30"`,
    );
    // Kept encrypted: the stored value does not hold the key.
    const [stored] = await ctx.database.query<{ secret: string; enabled_at: Date | null }>(
      'select secret, enabled_at from two_factor where person_id = $1',
      [await personId(DEMO_STAFF.email)],
    );
    expect(stored!.enabled_at).toBeNull();
    expect(stored!.secret).not.toContain(secret);
    expect(stored!.secret).toMatch(/^v1\./);

    const wrong = await submitInteraction(ctx.app, jar, interaction, 'enrol', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('That code is not right, or was already used.');
    const done = await submitInteraction(ctx.app, jar, interaction, 'enrol', { code: nextCode(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Save your recovery codes');
    const codes = [...done.body.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);
    // TOTP-09: Copy beside Download, shown by its script (the browser journey clicks it).
    expect(done.body).toContain(`data-codes="${codes.join(' ')}" hidden`);
    expect(done.body).toContain('<script src="/interaction-assets/recovery-codes.js" defer></script>');
    const script = await ctx.app.inject({ method: 'GET', url: '/interaction-assets/recovery-codes.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("getElementById('copy-codes')");
    const hashes = await ctx.database.query<{ code_hash: string }>(
      'select code_hash from two_factor_recovery_codes where person_id = $1',
      [await personId(DEMO_STAFF.email)],
    );
    expect(hashes).toHaveLength(10);
    expect(
      hashes.map((h) => h.code_hash).some((h) => codes.some((c) => h.includes(c.replace('-', '')))),
    ).toBe(false);
    // Nothing was issued until the recovery codes were seen.
    expect(
      await ctx.database.query('select 1 from api_tokens where person_id = $1', [
        await personId(DEMO_STAFF.email),
      ]),
    ).toEqual([]);

    const finished = await submitInteraction(ctx.app, jar, interaction, 'enrolled', {});
    expect(finished.statusCode).toBe(303);
    const claims = decodeJwt(await idToken(jar, verifier, finished.headers.location as string));
    expect(claims.amr).toEqual(['pwd', 'otp']);
    morganSecret = secret;
  });

  it('TOTP-02 a later sign-in asks for the code: one from an independent implementation (otplib) signs in with a token that reaches the console; a wrong or replayed code is refused', async () => {
    const first = await password(DEMO_STAFF.email, STAFF_PASSWORD);
    expect(first.page.statusCode).toBe(200);
    expect(first.page.body).toContain('<h1>Two-factor code</h1>');
    const wrong = await submitInteraction(ctx.app, first.jar, first.interaction, 'second-factor', {
      code: '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('That code is not right, or was already used.');
    const code = nextCode(morganSecret);
    const ok = await submitInteraction(ctx.app, first.jar, first.interaction, 'second-factor', { code });
    expect(ok.statusCode).toBe(303);
    const claims = decodeJwt(await idToken(first.jar, first.verifier, ok.headers.location as string));
    expect(claims.amr).toEqual(['pwd', 'otp']);
    const { token } = await exchange(await idToken(...(await signedInAgain())));
    expect(await secondFactorOf(token)).toBe(true);
    expect((await adminMe(token)).statusCode).toBe(200);

    // The same code again, in the same 30 s step: refused.
    const replay = await password(DEMO_STAFF.email, STAFF_PASSWORD);
    const again = await submitInteraction(ctx.app, replay.jar, replay.interaction, 'second-factor', { code });
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain('That code is not right, or was already used.');
    expect(again.headers.location).toBeUndefined();

    /** A fresh sign-in with a fresh code, to the point where the ID token can be fetched. */
    async function signedInAgain(): Promise<[CookieJar, string, string]> {
      const next = await password(DEMO_STAFF.email, STAFF_PASSWORD);
      const answer = await submitInteraction(ctx.app, next.jar, next.interaction, 'second-factor', {
        code: nextCode(morganSecret),
      });
      expect(answer.statusCode).toBe(303);
      return [next.jar, next.verifier, answer.headers.location as string];
    }
  });

  it('TOTP-03 a recovery code signs in once: used again, or by two sign-ins at the same moment, it is refused', async () => {
    const finance = STAFF_BY_ROLE.finance.email;
    const { codes } = await enrol(finance);
    const first = await password(finance, STAFF_PASSWORD);
    const used = await submitInteraction(ctx.app, first.jar, first.interaction, 'second-factor', {
      code: codes[0]!.toUpperCase(),
    });
    expect(used.statusCode).toBe(303);
    const claims = decodeJwt(await idToken(first.jar, first.verifier, used.headers.location as string));
    expect(claims.amr).toEqual(['pwd', 'otp']);

    const second = await password(finance, STAFF_PASSWORD);
    const reused = await submitInteraction(ctx.app, second.jar, second.interaction, 'second-factor', {
      code: codes[0]!,
    });
    expect(reused.statusCode).toBe(401);

    const [a, b] = [await password(finance, STAFF_PASSWORD), await password(finance, STAFF_PASSWORD)];
    const raced = await Promise.all(
      [a, b].map((s) =>
        submitInteraction(ctx.app, s.jar, s.interaction, 'second-factor', { code: codes[1]! }),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([303, 401]);
    const [left] = await ctx.database.query<{ unused: number }>(
      'select count(*)::int as unused from two_factor_recovery_codes where person_id = $1 and used_at is null',
      [await personId(finance)],
    );
    expect(left!.unused).toBe(8);
  });

  it('TOTP-04 a staff token issued without a second factor gets 403 on the console, with the reason', async () => {
    const id = await personId(STAFF_BY_ROLE.support.email);
    const { token } = await issueApiToken(ctx.database, id);
    const refused = await adminMe(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STAFF_ERRORS.secondFactor);
    const full = await staffToken(ctx.database, 'support');
    expect((await adminMe(full.token)).statusCode).toBe(200);
  });

  it('TOTP-05 a code typed with a space ("123 456") is accepted; letters are refused with a message naming the code; wrong codes count as failed sign-ins', async () => {
    const support = STAFF_BY_ROLE.support.email;
    const { secret } = await enrol(support);
    const s = await password(support, STAFF_PASSWORD);
    const letters = await submitInteraction(ctx.app, s.jar, s.interaction, 'second-factor', {
      code: '12a456',
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.body).toContain('Enter the 6-digit code from your authenticator app (digits only)');
    for (let i = 1; i <= 2; i++) {
      const wrong = await submitInteraction(ctx.app, s.jar, s.interaction, 'second-factor', {
        code: '000000',
      });
      expect(wrong.body).not.toContain('Please wait');
    }
    const third = await submitInteraction(ctx.app, s.jar, s.interaction, 'second-factor', { code: '000000' });
    expect(third.statusCode).toBe(401);
    expect(third.body).toContain('Please wait 1 second before you try again.');
    // Past the wait, the right code typed as an app shows it signs in.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const code = nextCode(secret);
    const spaced = await submitInteraction(ctx.app, s.jar, s.interaction, 'second-factor', {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(spaced.statusCode).toBe(303);
  });

  it('TOTP-05 wrong codes from many addresses: a held sign-in ends after its fifth, the account refuses codes from every address after its tenth and emails its owner once', async () => {
    // A customer with two-factor sign-in on: the staff members are all enrolled by the tests above.
    const { email: owner, password: ownerPassword } = DEMO_ANNUAL;
    const { secret } = await enrol(owner);
    const emails = async () =>
      (
        await ctx.database.query<{ n: number }>(
          'select count(*)::int as n from outbox where kind = \'two_factor_guesses\' and lower("to") = lower($1)',
          [owner],
        )
      )[0]!.n;
    let address = 0;
    const guess = (s: { jar: CookieJar; interaction: string }, code: string) =>
      submitInteraction(ctx.app, s.jar, s.interaction, 'second-factor', { code }, `198.51.100.${++address}`);

    // One held sign-in, each guess from a new address: the fifth wrong code ends it.
    const first = await password(owner, ownerPassword);
    for (let i = 1; i < CODE_GUESSES.perSignIn; i++)
      expect((await guess(first, '000000')).statusCode).toBe(401);
    const fifth = await guess(first, '000000');
    expect(fifth.body).toContain(TWO_FACTOR_TEXT.signInOver);
    const late = await guess(first, nextCode(secret));
    expect(late.statusCode).not.toBe(303);

    // A second held sign-in takes the account to its tenth wrong code: codes are refused from then on,
    // the right one too, from an address that never guessed, and the owner is emailed once.
    const second = await password(owner, ownerPassword);
    for (let i = 1; i < CODE_GUESSES.perAccount - CODE_GUESSES.perSignIn; i++)
      expect((await guess(second, '000000')).statusCode).toBe(401);
    expect(await emails()).toBe(0);
    const tenth = await guess(second, '000000');
    expect(tenth.body).toContain(TWO_FACTOR_TEXT.accountLocked(CODE_GUESSES.lockoutMinutes));
    const third = await password(owner, ownerPassword);
    const right = await guess(third, nextCode(secret));
    expect(right.statusCode).toBe(429);
    expect(right.body).toContain(TWO_FACTOR_TEXT.accountLocked(CODE_GUESSES.lockoutMinutes));
    expect(await emails()).toBe(1);
  });

  it('TOTP-06 a customer without two-factor sign-in signs in with the password alone (no otp in amr, no second factor on the token); once on, the code is asked', async () => {
    const plain = await password(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(plain.page.statusCode).toBe(303);
    const token = await idToken(plain.jar, plain.verifier, plain.page.headers.location as string);
    expect(decodeJwt(token).amr).toEqual(['pwd']);
    const session = await exchange(token);
    expect(await secondFactorOf(session.token)).toBe(false);

    const { secret } = await enrol(DEMO_ADMIN.email);
    const asked = await password(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(asked.page.statusCode).toBe(200);
    expect(asked.page.body).toContain('<h1>Two-factor code</h1>');
    const ok = await submitInteraction(ctx.app, asked.jar, asked.interaction, 'second-factor', {
      code: nextCode(secret),
    });
    expect(ok.statusCode).toBe(303);
    const withCode = await exchange(await idToken(asked.jar, asked.verifier, ok.headers.location as string));
    expect(await secondFactorOf(withCode.token)).toBe(true);
  });
});
