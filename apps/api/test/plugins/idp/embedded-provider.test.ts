import { AUTH_PATHS } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { deleteExpiredOidcPayloads } from '../../../src/domain/auth/oidc-payloads-repository';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import {
  CookieJar,
  REDIRECT_URI,
  follow,
  redeemCode,
  startAuthorization,
  submitLogin,
} from '../../helpers/oidc-flow';

describe.each(drivers)('embedded identity provider (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(() => ctx?.close());

  it('signs in with email and password, issues a code for PKCE, and the ID token buys an API token', async () => {
    const jar = new CookieJar();
    const { response, verifier, location } = await startAuthorization(ctx.app, jar);
    expect(response.statusCode).toBe(303);
    expect(location).toMatch(/^\/interaction\/[\w-]+$/);

    const loginPage = await follow(ctx.app, jar, location!);
    expect(loginPage.statusCode).toBe(200);
    expect(loginPage.body).toContain('Sign in to your account');
    expect(loginPage.headers['content-security-policy']).toContain("script-src 'self'");

    const refused = await submitLogin(ctx.app, jar, location!, DEMO_ADMIN.email, 'wrong password');
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toContain('Incorrect email or password.');

    const accepted = await submitLogin(
      ctx.app,
      jar,
      location!,
      DEMO_ADMIN.email.toUpperCase(),
      DEMO_ADMIN.password,
    );
    expect(accepted.statusCode).toBe(303);
    const resumed = await follow(ctx.app, jar, accepted.headers.location as string);
    expect(resumed.statusCode).toBe(303);
    const callback = new URL(resumed.headers.location as string);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe('state-123');
    const code = callback.searchParams.get('code')!;

    // A code is bound to its PKCE verifier.
    expect((await redeemCode(ctx.app, code, 'x'.repeat(43))).statusCode).toBe(400);
    expect((await redeemCode(ctx.app, code, verifier)).statusCode).toBe(200);
    expect((await redeemCode(ctx.app, code, verifier)).statusCode).toBe(400); // a code is spent once used

    // The session cookie lets the browser get a fresh code without the login page (silent re-sign-in).
    const again = await startAuthorization(ctx.app, jar);
    let next = again.location!;
    for (let hops = 0; hops < 4 && !next.startsWith(REDIRECT_URI); hops++) {
      next = (await follow(ctx.app, jar, next)).headers.location as string;
    }
    expect(next.startsWith(REDIRECT_URI)).toBe(true);
    const tokens = await redeemCode(ctx.app, new URL(next).searchParams.get('code')!, again.verifier);
    expect(tokens.statusCode).toBe(200);
    const { id_token } = tokens.json();

    const session = await ctx.app.inject({ method: 'POST', url: AUTH_PATHS.session, payload: { id_token } });
    expect(session.statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: AUTH_PATHS.me,
      headers: { authorization: `Bearer ${session.json().token}` },
    });
    expect(me.json()).toMatchObject({ email: DEMO_ADMIN.email, is_admin: true });
  });

  it('keeps provider state in the database, not in memory', async () => {
    const rows = await ctx.database.query<{ model: string }>('select distinct model from oidc_payloads');
    expect(rows.map((r) => r.model)).toEqual(
      expect.arrayContaining(['Session', 'Grant', 'AuthorizationCode']),
    );
  });

  it('purges expired provider rows and keeps live ones', async () => {
    await ctx.database.query(
      `insert into oidc_payloads (model, id, payload, expires_at) values
         ('Session', 'expired-one', '{}', now() - interval '1 minute'),
         ('Session', 'live-one', '{}', now() + interval '1 hour')`,
    );
    await deleteExpiredOidcPayloads(ctx.database);
    const ids = (
      await ctx.database.query<{ id: string }>("select id from oidc_payloads where id like '%-one'")
    ).map((r) => r.id);
    expect(ids).toEqual(['live-one']);
  });

  it('refuses an unregistered redirect URI without redirecting to it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/oidc/auth?client_id=enq-portal&response_type=code&scope=openid&redirect_uri=https://evil.example/cb&code_challenge=abcdefghijabcdefghijabcdefghijabcdefghij123&code_challenge_method=S256',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
  });

  it('keeps its signing key across restarts of the app on the same database', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/oidc/jwks' })).json();
    const { buildApp } = await import('../../../src/app');
    const second = await buildApp({ config: ctx.app.config, database: ctx.database, logger: false });
    const after = (await second.inject({ method: 'GET', url: '/oidc/jwks' })).json();
    await second.close();
    expect(after.keys[0].kid).toBe(before.keys[0].kid);
    expect(after.keys[0].n).toBe(before.keys[0].n);
  });
});
