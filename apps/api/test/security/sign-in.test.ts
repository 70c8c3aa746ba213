import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../src/db/seed/demo-account';
import { recordSignInFailure, SIGN_IN_THROTTLE } from '../../src/domain/auth/sign-in-throttle';
import { createTestApp, type TestContext } from '../helpers/app';
import { CookieJar, startAuthorization } from '../helpers/oidc-flow';

const ORIGIN = 'http://localhost:8080';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The sign-in page's error text (its alert paragraph; these texts have nothing HTML escapes). */
const errorText = (page: string) =>
  /<p class="error" role="alert" id="form-error">([^<]*)<\/p>/.exec(page)?.[1];

describe('sign-in: same answer time for any email, throttled guessing, only from our own pages', () => {
  let ctx: TestContext;
  let address = 0;
  /** Each call comes from a new client address unless one is given (TRUST_PROXY=true: one proxy). */
  const nextAddress = () => `198.51.${Math.floor(++address / 250)}.${address % 250}`;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { TRUST_PROXY: 'true' });
  });
  afterAll(() => ctx?.close());

  async function loginForm() {
    const jar = new CookieJar();
    const { location } = await startAuthorization(ctx.app, jar);
    const path = `${new URL(location!, ORIGIN).pathname}/login`;
    return (email: string, password: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: path,
        headers: {
          host: 'localhost:8080',
          origin: ORIGIN,
          'x-forwarded-for': nextAddress(),
          cookie: jar.header(),
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
        payload: new URLSearchParams({ email, password }).toString(),
      });
  }

  it('takes as long to refuse an unknown email as a known one with a wrong password (medians within 2x)', async () => {
    const post = await loginForm();
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      for (const [email, into] of [
        [DEMO_ADMIN.email, known],
        [`nobody-${i}@example.com`, unknown],
      ] as const) {
        const started = performance.now();
        const response = await post(email, 'not-the-password');
        into.push(performance.now() - started);
        expect(response.statusCode).toBe(401);
        expect(response.body).toContain('Incorrect email or password.');
      }
    }
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('slows one address guessing one email with 429 and Retry-After, while the right password still works elsewhere', async () => {
    const post = await loginForm();
    const attacker = { 'x-forwarded-for': '203.0.113.50' };
    const refusals: string[] = [];
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++) {
      const refused = await post(DEMO_ANNUAL.email, `guess-${i}`, attacker);
      expect(refused.statusCode).toBe(401);
      refusals.push(errorText(refused.body) ?? refused.body);
    }
    // The failure that starts the wait says so: the next try, even with the right password, waits.
    expect(refusals).toEqual([
      'Incorrect email or password.',
      'Incorrect email or password.',
      'Incorrect email or password. Please wait 1 second before you try again.',
    ]);
    const slowed = await post(DEMO_ANNUAL.email, DEMO_ANNUAL.password, attacker);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBe(1);
    expect(errorText(slowed.body)).toBe(
      'Too many failed sign-ins, so this one was not checked. Please wait 1 second and try again, or reset your password.',
    );
    // An unknown email is slowed alike: the throttle says nothing about who has an account.
    for (let i = 0; i <= SIGN_IN_THROTTLE.freeFailures; i++)
      await post('nobody@example.com', `guess-${i}`, attacker);
    expect((await post('nobody@example.com', 'x', attacker)).statusCode).toBe(429);

    const owner = await (await loginForm())(DEMO_ANNUAL.email, DEMO_ANNUAL.password);
    expect(owner.statusCode).toBeLessThan(400);
  });

  it('caps guesses at one email from many addresses, never the owner from a fresh address', async () => {
    const post = await loginForm();
    const target = DEMO_ADMIN.email;
    const addresses = Array.from({ length: SIGN_IN_THROTTLE.accountCap }, (_, i) => `192.0.2.${i + 1}`);
    // One real wrong password, the rest recorded straight away (each real one costs a 32 MiB scrypt).
    await post(target, 'wrong', { 'x-forwarded-for': addresses[0]! });
    for (const ip of addresses.slice(1)) await recordSignInFailure(ctx.database, target, ip, new Date());
    // Addresses that already guessed now wait, even below their own pair limit…
    const again = await post(target, DEMO_ADMIN.password, { 'x-forwarded-for': addresses[0]! });
    expect(again.statusCode).toBe(429);
    // …while the owner, from an address that never failed, signs in.
    const owner = await (await loginForm())(target, DEMO_ADMIN.password);
    expect(owner.statusCode).toBeLessThan(400);
  });

  it('refuses sign-in, password-reset and sign-up posts from another site, and sends no email', async () => {
    const post = await loginForm();
    const outbox = async () => (await ctx.database.query('select 1 from outbox')).length;
    const before = await outbox();
    const evil = { origin: 'https://evil.example' };
    expect((await post(DEMO_ADMIN.email, DEMO_ADMIN.password, evil)).statusCode).toBe(403);
    const form = (url: string, headers: Record<string, string>, payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': nextAddress(),
          ...headers,
        },
        payload,
      });
    const reset = `email=${encodeURIComponent(DEMO_ADMIN.email)}`;
    expect((await form('/password-reset', evil, reset)).statusCode).toBe(403);
    expect((await form('/password-reset', {}, reset)).statusCode).toBe(403);
    expect((await form('/password-reset', { referer: 'https://evil.example/x' }, reset)).statusCode).toBe(
      403,
    );
    expect(
      (await form('/site/signup', evil, 'full_name=A&company=B&email=a%40b.co&password=x&plan=y')).statusCode,
    ).toBe(403);
    expect(await outbox()).toBe(before);
    // The same post from the portal's own page goes through.
    expect((await form('/password-reset', { origin: ORIGIN }, reset)).statusCode).toBe(200);
    // The reset email is written after the answer (the answer takes the same time for any email).
    await ctx.app.afterAnswer.idle();
    expect(await outbox()).toBe(before + 1);
  });
});
