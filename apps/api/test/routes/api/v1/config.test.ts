import { API_ACCOUNT_BASE } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/config';
import { createTestApp, type TestContext } from '../../../helpers/app';

/** A page server whose three environments each have an API of their own, dev with its own provider. */
const ENVIRONMENTS = {
  LOCAL_API_ORIGIN: 'http://localhost:9000/',
  DEV_API_ORIGIN: 'https://api.enqueue-dev.example',
  DEV_OIDC_ISSUER: 'https://id.enqueue-dev.example/realms/enq/',
  PRODUCTION_API_ORIGIN: 'https://api.enq.example',
  CORS_ORIGINS: 'https://portal.enq.example, https://portal.enqueue-dev.example',
};

describe('environments the page is told about (AUTH-10..12)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', ENVIRONMENTS);
  });
  afterAll(() => ctx?.close());

  it("AUTH-10 AUTH-11 AUTH-12 the config names each environment's API origin and identity provider", async () => {
    const config = (await ctx.app.inject('/api/v1/config')).json();
    expect(config.environments).toEqual({
      local: { api_origin: 'http://localhost:9000', oidc_issuer: null },
      dev: {
        api_origin: 'https://api.enqueue-dev.example',
        oidc_issuer: 'https://id.enqueue-dev.example/realms/enq',
      },
      production: { api_origin: 'https://api.enq.example', oidc_issuer: null },
    });
  });

  it("lets the page's scripts reach those APIs and providers, and no other", async () => {
    const csp = (await ctx.app.inject('/healthz')).headers['content-security-policy'] as string;
    const connect = /connect-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(connect).toEqual(
      expect.arrayContaining([
        "'self'",
        'http://localhost:9000',
        'https://api.enqueue-dev.example',
        'https://id.enqueue-dev.example',
        'https://api.enq.example',
      ]),
    );
    expect(connect).toHaveLength(6); // and the embedded provider's origin
  });

  it('answers a listed page origin across origins: preflight, then the call with its file name readable', async () => {
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: `${API_ACCOUNT_BASE}/billing/`,
      headers: {
        origin: 'https://portal.enq.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://portal.enq.example');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const call = await ctx.app.inject({
      url: `${API_ACCOUNT_BASE}/billing/`,
      headers: { origin: 'https://portal.enqueue-dev.example' },
    });
    expect(call.statusCode).toBe(401);
    expect(call.headers['access-control-allow-origin']).toBe('https://portal.enqueue-dev.example');
    expect(call.headers['access-control-expose-headers']).toBe('Content-Disposition');
    expect(call.headers.vary).toMatch(/Origin/);
  });

  it('tells any other origin nothing, and nothing outside /api', async () => {
    for (const [url, origin] of [
      [`${API_ACCOUNT_BASE}/billing/`, 'https://evil.example'],
      [`${API_ACCOUNT_BASE}/billing/`, 'https://portal.enq.example.evil.example'],
      ['/site/', 'https://portal.enq.example'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(response.headers['access-control-allow-origin'], `${origin} ${url}`).toBeUndefined();
    }
  });
});

describe('environment settings', () => {
  it('refuses an API origin with a path, which the page would silently drop', () => {
    expect(() => loadConfig({ DEV_API_ORIGIN: 'https://api.example.com/v1' })).toThrow(/DEV_API_ORIGIN/);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example, ftp://b.example' })).toThrow(/CORS_ORIGINS/);
  });
});
