import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';

describe('server basics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(() => ctx?.close());

  it('answers /healthz and /readyz', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('sends a strict Content-Security-Policy and no framing', async () => {
    const response = await ctx.app.inject('/healthz');
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('publishes OpenAPI generated from the contract schemas', async () => {
    const response = await ctx.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/session', '/api/v1/auth/me', '/api/v1/config']),
    );
    expect(JSON.stringify(doc.paths['/api/v1/auth/session'])).toContain(
      '#/components/schemas/SessionRequest',
    );
    expect(doc.components.schemas.SessionRequestInput.properties).toHaveProperty('id_token');
  });

  it('answers unknown API paths with the error envelope, never HTML', async () => {
    const response = await ctx.app.inject('/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: expect.stringContaining('/api/v1/nothing-here'),
    });
  });

  it('serves the public configuration the page needs before sign-in', async () => {
    expect((await ctx.app.inject('/api/v1/config')).json()).toEqual({
      oidc: { issuer: 'http://localhost:8080/oidc', client_id: 'enq-portal', scope: 'openid email profile' },
      // Nothing configured: every environment's page calls the server that served it (AUTH-10..12).
      environments: {
        local: { api_origin: null, oidc_issuer: null },
        dev: { api_origin: null, oidc_issuer: null },
        production: { api_origin: null, oidc_issuer: null },
      },
      marketing_url: 'http://localhost:8080/site/',
      support_url: 'http://localhost:8080/site/support',
      admin_panel_url: 'http://localhost:8080/admin',
    });
  });

  it('serves the local marketing page with a section for every menu link', async () => {
    const body = (await ctx.app.inject('/site/')).body;
    for (const anchor of [
      'pricing',
      'features',
      'customers',
      'lines',
      'about-us',
      'partners',
      'support',
      'blog',
      'terms',
      'terms-subscription-and-payment',
      'privacy',
      'taxes-and-fees',
    ]) {
      expect(body).toContain(`id="${anchor}"`);
    }
  });

  it('lets Stripe Elements load only when Stripe is configured', async () => {
    const sandboxCsp = (await ctx.app.inject('/healthz')).headers['content-security-policy'] as string;
    expect(sandboxCsp).not.toContain('stripe.com');
    const stripe = await createTestApp('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
    });
    try {
      const csp = (await stripe.app.inject('/healthz')).headers['content-security-policy'] as string;
      expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    } finally {
      await stripe.close();
    }
  });
});
