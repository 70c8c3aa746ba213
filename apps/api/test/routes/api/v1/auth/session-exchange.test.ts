import { API_ACCOUNT_BASE, AUTH_PATHS } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_STAFF } from '../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../helpers/app';
import { routesOf } from '../../../../helpers/route-list';
import {
  foreignSignedIdToken,
  providerSignedIdToken,
  subjectOf,
  unsignedIdToken,
} from '../../../../helpers/tokens';

describe.each(drivers)('session exchange and token auth (%s)', (driver) => {
  let ctx: TestContext;
  let adminSubject: string;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    adminSubject = await subjectOf(ctx.database, DEMO_ADMIN.email);
  });
  afterAll(() => ctx?.close());

  const exchange = (idToken: string) =>
    ctx.app.inject({ method: 'POST', url: AUTH_PATHS.session, payload: { id_token: idToken } });
  const me = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: AUTH_PATHS.me,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('exchanges a valid ID token for an opaque API token that identifies the account holder', async () => {
    const response = await exchange(await providerSignedIdToken(ctx.database, { sub: adminSubject }));
    expect(response.statusCode).toBe(200);
    const { token, expires_at } = response.json();
    expect(token).toMatch(/^enq_[A-Za-z0-9_-]{40,}$/);
    expect(new Date(expires_at).getTime()).toBeGreaterThan(Date.now() + 60 * 60 * 1000);

    const who = await me(token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ email: DEMO_ADMIN.email, is_staff: false, is_admin: true });

    // Only a hash is stored: the token itself appears nowhere in the database.
    const rows = await ctx.database.query<{ token_hash: string }>('select token_hash from api_tokens');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('refuses an expired ID token with 401', async () => {
    const iat = Math.floor(Date.now() / 1000) - 7200;
    const idToken = await providerSignedIdToken(ctx.database, {
      sub: adminSubject,
      iat,
      expiresIn: iat + 3600,
    });
    const response = await exchange(idToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
  });

  it('refuses an ID token signed with another key under the same kid', async () => {
    const response = await exchange(await foreignSignedIdToken(ctx.database, { sub: adminSubject }));
    expect(response.statusCode).toBe(401);
  });

  it("refuses an unsigned token ('alg: none')", async () => {
    const response = await exchange(unsignedIdToken({ sub: adminSubject }));
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token for another audience or issuer', async () => {
    const otherAudience = await providerSignedIdToken(ctx.database, {
      sub: adminSubject,
      aud: 'someone-else',
    });
    const otherIssuer = await providerSignedIdToken(ctx.database, {
      sub: adminSubject,
      iss: 'https://evil.example/oidc',
    });
    expect((await exchange(otherAudience)).statusCode).toBe(401);
    expect((await exchange(otherIssuer)).statusCode).toBe(401);
  });

  it('refuses a valid token whose subject has no enQ identity', async () => {
    const response = await exchange(await providerSignedIdToken(ctx.database, { sub: 'nobody-here' }));
    expect(response.statusCode).toBe(401);
  });

  it('answers a malformed body with 400 and the error envelope', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: AUTH_PATHS.session,
      payload: { id_token: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'id_token' });
  });

  it('AUTH-01 no portal screen is served to a visitor not signed in: every account read answers 401, nothing else', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me('enq_not-a-real-token')).statusCode).toBe(401);
    // Every screen's data, as the router has it (a path parameter filled with a stand-in).
    const reads = routesOf(ctx.app)
      .filter((r) => r.method === 'GET' && r.url.startsWith(`${API_ACCOUNT_BASE}/`))
      .map((r) => r.url.replace(/:\w+/g, 'x'));
    expect(reads).toEqual(expect.arrayContaining([`${API_ACCOUNT_BASE}/`, `${API_ACCOUNT_BASE}/billing/`]));
    expect(reads.length).toBeGreaterThan(15);
    for (const url of reads) {
      for (const headers of [{}, { authorization: 'Bearer enq_not-a-real-token' }]) {
        const answer = await ctx.app.inject({ method: 'GET', url, headers });
        expect(answer.statusCode, url).toBe(401);
        expect(answer.json(), url).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
      }
    }
  });

  it('AUTH-04 a staff identity is told it is staff and gets 403 from every account route', async () => {
    const staffSubject = await subjectOf(ctx.database, DEMO_STAFF.email);
    const { token } = (
      await exchange(await providerSignedIdToken(ctx.database, { sub: staffSubject }))
    ).json();
    expect((await me(token)).json()).toMatchObject({ email: DEMO_STAFF.email, is_staff: true });
    for (const path of ['/', '/billing/', '/users/']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${API_ACCOUNT_BASE}${path}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });

  it('logout revokes the token: the next call answers 401', async () => {
    const { token } = (
      await exchange(await providerSignedIdToken(ctx.database, { sub: adminSubject }))
    ).json();
    expect((await me(token)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: AUTH_PATHS.logout,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('an expired API token answers 401', async () => {
    const [admin] = await ctx.database.query<{ id: string }>('select id from people where is_admin');
    const longAgo = new Date(Date.now() - 13 * 60 * 60 * 1000);
    const { token } = await issueApiToken(ctx.database, admin!.id, longAgo);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a token revoked in the database behind this process is refused once the lookup cache lapses', async () => {
    const uncached = await createTestApp(driver, { TOKEN_CACHE_SECONDS: '0' });
    try {
      const subject = await subjectOf(uncached.database, DEMO_ADMIN.email);
      const session = await uncached.app.inject({
        method: 'POST',
        url: AUTH_PATHS.session,
        payload: { id_token: await providerSignedIdToken(uncached.database, { sub: subject }) },
      });
      const headers = { authorization: `Bearer ${session.json().token}` };
      expect((await uncached.app.inject({ url: AUTH_PATHS.me, headers })).statusCode).toBe(200);
      await uncached.database.query('update api_tokens set revoked_at = now()');
      expect((await uncached.app.inject({ url: AUTH_PATHS.me, headers })).statusCode).toBe(401);
    } finally {
      await uncached.close();
    }
  });
});
