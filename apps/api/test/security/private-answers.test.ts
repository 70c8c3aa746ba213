import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app';
import { CookieJar, startAuthorization } from '../helpers/oidc-flow';
import { castOf, type Cast } from './suite/accounts';
import { requestFor, sampleOf, type JsonSchema, type Operation, type Parameter } from './suite/operations';
import { suiteApp, type SuiteApp } from './suite/setup';

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** What CSP frame-ancestors and X-Frame-Options each say about who may frame a page. */
function framing(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy'] ?? '');
  const ancestors = /frame-ancestors ([^;]+)/.exec(csp)?.[1]?.trim() ?? null;
  return { ancestors, xfo: (headers['x-frame-options'] as string | undefined) ?? null };
}

describe('answers meant for one person', () => {
  let s: SuiteApp;
  let cast: Cast;
  beforeAll(async () => {
    s = await suiteApp();
    cast = await castOf(s.database);
  });
  afterAll(() => s?.close());

  it('every authenticated operation of the OpenAPI document answers Cache-Control: no-store', async () => {
    const doc = (await s.app.inject({ url: '/api/docs/json' })).json() as Document;
    const schemas = doc.components?.schemas ?? {};
    const resolve = (schema: JsonSchema): JsonSchema =>
      schema.$ref ? resolve(schemas[schema.$ref.split('/').pop()!] ?? {}) : schema;
    const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod)
        .filter(([, op]) => (op.security ?? []).length > 0)
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          parameters: op.parameters ?? [],
          body: op.requestBody?.content['application/json']?.schema ?? null,
        })),
    );
    // Log Out last: it ends the token the other requests use.
    operations.sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    expect(operations.length).toBeGreaterThan(30);
    const cacheable: string[] = [];
    for (const op of operations) {
      const params = Object.fromEntries(
        op.parameters.map((p) => [p.name, sampleOf(p.schema, resolve, cast.attacker.own, p.name)]),
      );
      const body = op.body ? sampleOf(op.body, resolve, cast.attacker.own) : undefined;
      for (const authorization of [`Bearer ${cast.attacker.token}`, 'Bearer enq_not-a-real-token']) {
        const response = await s.app.inject(
          requestFor(op, { params, body }, { authorization, 'idempotency-key': `no-store-${op.path}` }),
        );
        if (!/\bno-store\b/.test(String(response.headers['cache-control'])))
          cacheable.push(
            `${op.method} ${op.path} -> ${response.statusCode} ${response.headers['cache-control']}`,
          );
      }
    }
    expect(cacheable).toEqual([]);
  });
});

describe('one clickjacking policy on every HTML page', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'enq-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>enQ</title>');
    ctx = await createTestApp('pglite', { WEB_DIST: dist, PUBLIC_URL: 'http://localhost:8080' });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('every HTML page says the same in frame-ancestors and X-Frame-Options; only the embedded form lets the portal frame it', async () => {
    const jar = new CookieJar();
    const { location } = await startAuthorization(ctx.app, jar);
    const pages = [
      '/',
      '/profile',
      '/site/',
      '/site/support',
      '/site/signup',
      '/admin',
      location!,
      '/oidc/session/end',
      '/password-reset/not-a-real-link',
    ];
    const seen: Record<string, ReturnType<typeof framing>> = {};
    for (const url of pages) {
      const response = await ctx.app.inject({
        url,
        headers: { host: 'localhost:8080', cookie: jar.header() },
      });
      expect(String(response.headers['content-type']), url).toContain('text/html');
      seen[url] = framing(response.headers);
    }
    for (const url of pages) expect(seen[url], url).toEqual({ ancestors: "'none'", xfo: 'DENY' });

    for (const url of ['/site/feature-request', '/site/feature-request/thanks']) {
      const response = await ctx.app.inject({ url, headers: { host: 'localhost:8080' } });
      expect(framing(response.headers), url).toEqual({ ancestors: "'self'", xfo: 'SAMEORIGIN' });
    }
  });
});
