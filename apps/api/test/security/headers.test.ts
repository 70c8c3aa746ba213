import { AUTH_PATHS } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app';

describe('401 answers and the addresses the provider publishes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { TRUST_PROXY: 'true' });
  });
  afterAll(() => ctx?.close());

  it('answers a request without a token with 401 and WWW-Authenticate: Bearer', async () => {
    const response = await ctx.app.inject({ url: AUTH_PATHS.me });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('says invalid_token when a token came and was not good', async () => {
    const response = await ctx.app.inject({
      url: AUTH_PATHS.me,
      headers: { authorization: 'Bearer enq_nope' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('pages ask for Referrer-Policy same-origin, so a browser sends its real Origin with a form POST', async () => {
    // Under no-referrer a browser sends `Origin: null` with every form POST, which the form guard refuses.
    for (const url of ['/', '/site/signup', '/site/feature-request']) {
      const response = await ctx.app.inject({ url });
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
    }
  });

  it('builds every discovery URL from PUBLIC_URL whatever Host or X-Forwarded-Host say', async () => {
    const issuer = ctx.app.config.oidc.issuer;
    for (const headers of [
      { host: 'evil.example' },
      { host: 'evil.example', 'x-forwarded-host': 'evil2.example', 'x-forwarded-proto': 'https' },
    ]) {
      const response = await ctx.app.inject({ url: '/oidc/.well-known/openid-configuration', headers });
      expect(response.statusCode).toBe(200);
      const text = response.body;
      expect(text).not.toContain('evil');
      const doc = response.json() as Record<string, unknown>;
      expect(doc.issuer).toBe(issuer);
      for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint']) {
        expect(String(doc[key])).toMatch(new RegExp(`^${issuer}/`));
      }
    }
  });
});
