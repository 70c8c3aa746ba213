import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { issueApiToken } from '../../src/domain/auth/api-tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app';
import { listenOnLoopback, rawRequest, type RawAnswer, type RawRequest } from '../helpers/raw-http';
import { PROVIDER_PATHS, routesOf } from '../helpers/route-list';

/** Junk where an id goes: unknown, NUL, a control character, a prototype name, a path's worth. */
const JUNK_IDS = ['junk-0000', '%00', '%01x', '__proto__', '..%2F..%2Fetc'];
const JUNK_QUERY = '?id=%00&client_id=%00&uid=junk&x=%1B';
const JUNK_BODY = JSON.stringify({ id: '\u0000', email: 'a\u0000@b.co', code: 'x\u0000', items: [null] });
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SKIPPED_METHODS = new Set(['HEAD', 'OPTIONS', 'TRACE', 'QUERY']);

describe('every request answers, and never with a 5xx', () => {
  let ctx: TestContext;
  let port: number;
  let token: string;
  const send = (req: RawRequest) => rawRequest(port, req, 2000);
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    port = await listenOnLoopback(ctx.app);
    const [admin] = await ctx.database.query<{ id: string }>('select id from people where email = $1', [
      DEMO_ADMIN.email,
    ]);
    token = (await issueApiToken(ctx.database, admin!.id)).token;
  });
  afterAll(() => ctx?.close());

  it('GET /interaction/<unknown>/abort answers 400 with a page that says what to do', async () => {
    const answer = await send({ path: '/interaction/no-such-interaction/abort' });
    expect(answer?.status).toBe(400);
    expect(answer!.body).toContain('This sign-in has expired');
    expect(answer!.body).toContain('Start again');
    const page = await send({ path: '/interaction/no-such-interaction' });
    expect(page?.status).toBe(400);
    expect(page!.body).toContain('This sign-in has expired');
  });

  it('control characters in the provider requests answer 400 before its storage', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const answers = await Promise.all([
      send({ path: '/oidc/auth?client_id=%00' }),
      send({ path: '/oidc/session/end?client_id=%00' }),
      send({ path: '/oidc/auth?client_id=enq-portal&state=%07' }),
      send({ path: '/interaction/%00' }),
      send({
        method: 'POST',
        path: '/oidc/token',
        headers: form,
        body: 'grant_type=authorization_code&client_id=enq-portal&code=a%00b&redirect_uri=x&code_verifier=y',
      }),
      send({ path: '/oidc/session/end', headers: { cookie: '_session=%00; _session.legacy=%00' } }),
    ]);
    expect(answers.map((a) => a?.status)).toEqual([400, 400, 400, 400, 400, 200]);
  });

  it('every route of the router and of the provider answers within 2 s with junk ids, queries and bodies', async () => {
    const routes = [
      ...routesOf(ctx.app).filter((r) => !SKIPPED_METHODS.has(r.method)),
      ...PROVIDER_PATHS.flatMap((url) => ['GET', 'POST'].map((method) => ({ method, url }))),
    ];
    expect(routes.length).toBeGreaterThan(80);
    const requests: RawRequest[] = routes.flatMap(({ method, url }) =>
      JUNK_IDS.flatMap((junk, i) => {
        const path = url.replace(/:[A-Za-z_]+|\*/g, junk) + (i === 1 ? JUNK_QUERY : '');
        const headers: Record<string, string> = {
          origin: 'http://localhost:8080',
          ...(WITH_BODY.has(method) ? { 'content-type': 'application/json' } : {}),
        };
        const body = WITH_BODY.has(method) ? JUNK_BODY : undefined;
        return [
          { method, path, headers, body },
          { method, path, headers: { ...headers, authorization: `Bearer ${token}` }, body },
        ];
      }),
    );
    const unanswered: string[] = [];
    const failed: string[] = [];
    // A few at a time, as a browser would: the 2 s is each request's own.
    for (let i = 0; i < requests.length; i += 4) {
      const batch = requests.slice(i, i + 4);
      const answers: (RawAnswer | null)[] = await Promise.all(batch.map(send));
      answers.forEach((answer, j) => {
        const { method, path, headers } = batch[j]!;
        const who = `${method} ${path}${headers?.authorization ? ' (signed in)' : ''}`;
        if (!answer) unanswered.push(who);
        else if (answer.status >= 500) failed.push(`${who}: ${answer.status}`);
      });
    }
    console.info(
      `security suite (every route): ${routes.length} routes, ${requests.length} requests sent, ` +
        `${failed.length} 5xx, ${unanswered.length} unanswered after 2 s`,
    );
    expect(unanswered).toEqual([]);
    expect(failed).toEqual([]);
  });

  it('encoded, cased and slashed spellings of every route answer, never 5xx, and never pass the sign-in gate', async () => {
    const spellings = (path: string) => [
      path.toUpperCase(),
      path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
      path.replace(/\//g, '//'),
      path.replace(/\/(?=[^/]*$)/, '\\'),
      `${path}%2F`,
    ];
    const routes = routesOf(ctx.app).filter((r) => r.method === 'GET' || r.method === 'POST');
    const problems: string[] = [];
    for (const { method, url } of routes) {
      const path = url.replace(/:[A-Za-z_]+|\*/g, 'junk');
      const answers = await Promise.all(spellings(path).map((p) => send({ method, path: p })));
      answers.forEach((answer, i) => {
        const who = `${method} ${spellings(path)[i]}`;
        if (!answer) problems.push(`${who}: no answer`);
        else if (answer.status >= 500) problems.push(`${who}: ${answer.status}`);
        else if (url.startsWith('/api/v1/account') && answer.status < 300)
          problems.push(`${who}: ${answer.status}`);
      });
    }
    expect(problems).toEqual([]);
  });

  it('fifty aborts of unknown interactions at once all answer, and the flood is rate limited', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send({ path: `/interaction/flood-${i}/abort` })),
    );
    expect(answers.filter((a) => a === null)).toHaveLength(0);
    expect(answers.every((a) => a!.status === 400 || a!.status === 429)).toBe(true);
    const more = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send({ path: `/interaction/more-${i}/abort` })),
    );
    expect(more.map((a) => a?.status)).toContain(429);
  });
});
