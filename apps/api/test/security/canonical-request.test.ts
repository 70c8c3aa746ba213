import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app';
import { listenOnLoopback, rawRequest, type RawRequest } from '../helpers/raw-http';

const PUBLIC_ORIGIN = 'http://localhost:8080';
const ISSUER = `${PUBLIC_ORIGIN}/oidc`;
/** Spellings of the provider's mount that its middleware (case-insensitive, decoding) serves. */
const OIDC_SPELLINGS = ['/oidc', '/OIDC', '/Oidc', '/%6Fidc', '/%6f%49dc'];
const HOSTS = ['localhost:8080', 'evil.example'];
const FORWARDED: Record<string, string>[] = [
  {},
  { 'x-forwarded-host': 'fwd.example', 'x-forwarded-proto': 'https' },
];
/** Paths that, read as a URL reference rather than a path, name another host. */
const OFF_SITE_PATHS = [
  '//evil.example/x',
  '/\\evil.example/x',
  '/\\/evil.example/x',
  '///evil.example/x?next=1',
  '/%5Cevil.example/x',
  '/%2F%2Fevil.example/x',
];

const urlsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? /^[a-z]+:\/\//i.test(value)
      ? [value]
      : []
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(urlsIn)
      : [];

describe.each(['false', 'true'])('TRUST_PROXY=%s: one canonical request', (trust) => {
  let ctx: TestContext;
  let port: number;
  const send = (req: RawRequest) => rawRequest(port, req);
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { TRUST_PROXY: trust });
    port = await listenOnLoopback(ctx.app);
  });
  afterAll(() => ctx?.close());

  it('discovery names only PUBLIC_URL, whatever the path spelling, Host and forwarded headers', async () => {
    const wrong: string[] = [];
    for (const mount of OIDC_SPELLINGS)
      for (const host of HOSTS)
        for (const forwarded of FORWARDED) {
          const answer = await send({
            path: `${mount}/.well-known/openid-configuration`,
            headers: { host, ...forwarded },
          });
          expect(answer?.status, `${mount} ${host}`).toBe(200);
          const urls = urlsIn(JSON.parse(answer!.body));
          expect(urls.length).toBeGreaterThan(3);
          for (const url of urls.filter((u) => !u.startsWith(`${ISSUER}/`) && u !== ISSUER))
            wrong.push(`${mount} Host ${host} ${JSON.stringify(forwarded)}: ${url}`);
        }
    expect(wrong).toEqual([]);
  });

  it("the provider's pages and redirects name no other host", async () => {
    const query = new URLSearchParams({
      client_id: 'enq-portal',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${PUBLIC_ORIGIN}/auth/callback`,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    for (const mount of OIDC_SPELLINGS)
      for (const forwarded of FORWARDED) {
        const headers = { host: 'evil.example', ...forwarded };
        const auth = await send({ path: `${mount}/auth?${query}`, headers });
        expect(auth?.status, mount).toBe(303);
        const location = String(auth!.headers.location);
        if (/^[a-z]+:/i.test(location)) expect(new URL(location).origin).toBe(PUBLIC_ORIGIN);
        const logout = await send({ path: `${mount}/session/end`, headers });
        expect(logout?.status, mount).toBe(200);
        expect(logout!.body).not.toMatch(/evil\.example|fwd\.example/);
        expect(logout!.body).toContain(`${ISSUER}/session/end/confirm`);
      }
  });

  it("the canonical-host redirect keeps the visitor on PUBLIC_URL's origin whatever the path", async () => {
    const offSite: string[] = [];
    for (const path of OFF_SITE_PATHS)
      for (const host of ['evil.example', '127.0.0.1:8080'])
        for (const forwarded of [{}, { 'x-forwarded-host': 'evil.example' }] as Record<string, string>[]) {
          const answer = await send({ path, headers: { host, ...forwarded } });
          expect(answer, path).not.toBeNull();
          expect(answer!.status).toBe(308);
          // Resolved as a browser would, from the page it was asked on.
          const target = new URL(String(answer!.headers.location), `http://${host}${'/'}`);
          if (target.origin !== PUBLIC_ORIGIN) offSite.push(`${path} Host ${host}: ${target.href}`);
        }
    expect(offSite).toEqual([]);
    const kept = await send({ path: '/lines?tab=2', headers: { host: 'evil.example' } });
    expect(kept?.headers.location).toBe(`${PUBLIC_ORIGIN}/lines?tab=2`);
  });
});
