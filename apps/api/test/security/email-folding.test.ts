import { emailKey } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../src/db/seed/demo-account';
import { SIGN_IN_THROTTLE } from '../../src/domain/auth/sign-in-throttle';
import { createTestApp, drivers, type TestContext } from '../helpers/app';
import { CookieJar, startAuthorization } from '../helpers/oidc-flow';

const ORIGIN = 'http://localhost:8080';

/** Ways of writing sam.ortiz@lakesidebooks.com that fold to it (NFKC, then case). */
const SAM_VARIANTS = [
  'ſam.ortiz@lakeſidebooks.com', // long s
  'sam.ortiz@la\u212Aesidebooks.com', // Kelvin sign
  'ｓａｍ．ｏｒｔｉｚ＠ｌａｋｅｓｉｄｅｂｏｏｋｓ．ｃｏｍ', // full-width
  'SAM.Ortiz@LakesideBooks.com',
];

describe.each(drivers)('one email key for sign-in and its throttle (%s)', (driver) => {
  let ctx: TestContext;
  let address = 0;
  beforeAll(async () => {
    ctx = await createTestApp(driver, { TRUST_PROXY: 'true' });
  });
  afterAll(() => ctx?.close());

  async function signIn(email: string, password: string, ip = `198.51.100.${++address}`) {
    const jar = new CookieJar();
    const { location } = await startAuthorization(ctx.app, jar);
    return ctx.app.inject({
      method: 'POST',
      url: `${new URL(location!, ORIGIN).pathname}/login`,
      headers: {
        host: 'localhost:8080',
        origin: ORIGIN,
        'x-forwarded-for': ip,
        cookie: jar.header(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ email, password }).toString(),
    });
  }

  it('after wrong passwords, the email with İ for an i neither signs in nor starts a fresh count', async () => {
    const attacker = '203.0.113.80';
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++)
      expect((await signIn(DEMO_ADMIN.email, `guess-${i}`, attacker)).statusCode).toBe(401);
    const dotted = DEMO_ADMIN.email.replace('i', 'İ');
    const answer = await signIn(dotted, DEMO_ADMIN.password, attacker);
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.body).not.toContain('/oidc/auth/');
  });

  it('wrong passwords under any folding of one email count together', async () => {
    const attacker = '203.0.113.81';
    for (const [i, variant] of SAM_VARIANTS.slice(0, SIGN_IN_THROTTLE.freeFailures).entries())
      expect((await signIn(variant, `guess-${i}`, attacker)).statusCode).toBe(401);
    const slowed = await signIn(DEMO_ANNUAL.email, DEMO_ANNUAL.password, attacker);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.body).toContain('Too many failed sign-ins');
  });

  it('each folding of the email signs its person in with the right password', async () => {
    for (const variant of SAM_VARIANTS) {
      const answer = await signIn(variant, DEMO_ANNUAL.password);
      expect(answer.statusCode, variant).toBe(303);
    }
  });

  it('every stored email has the same key in the database as in JavaScript', async () => {
    const rows = await ctx.database.query<{ email: string; key: string }>(
      'select email, lower(email) as key from people',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.key !== emailKey(r.email))).toEqual([]);
  });
});
