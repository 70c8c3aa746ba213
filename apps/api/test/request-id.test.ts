import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { openTestDatabase, testConfig } from './helpers/app';

type Line = { msg: string; reqId?: string };

describe('the request id', () => {
  const lines: Line[] = [];
  let app: App;
  let database: Database;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)) as Line);
        done();
      },
    });
    database = await openTestDatabase('pglite');
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'debug' }),
      database,
      logger: { level: 'debug', stream },
      scheduleJobs: false,
    });
    app.get('/test-fails', async () => {
      throw new Error('boom');
    });
    // Lines written by shared parts (the mailer, work after the answer) on behalf of a request.
    app.post('/test-mails', async () => {
      await app.mailer.send({ kind: 'test', to: 'someone@example.com', subject: 'Hi', text: 'Hello' });
      app.afterAnswer.run('test-late', async () => {
        throw new Error('late');
      });
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const logOf = (id: string) => lines.filter((line) => line.reqId === id).map((line) => line.msg);

  it('is in the answer header and every log line of the request, unique per request', async () => {
    const [a, b] = [await app.inject({ url: '/healthz' }), await app.inject({ url: '/healthz' })];
    const [idA, idB] = [a.headers['x-request-id'] as string, b.headers['x-request-id'] as string];
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).not.toBe(idA);
    expect(logOf(idA)).toEqual(['incoming request', 'request completed']);
  });

  it("keeps the load balancer's id when it is a safe token, and makes its own otherwise", async () => {
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a9c21.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21.42');
    expect(logOf('lb-7f3a9c21.42')).toContain('request completed');
    for (const unsafe of ['short', 'a b c d e f g h', 'x'.repeat(200), 'id\u202etxt.exe-00']) {
      const made = await app.inject({ url: '/healthz', headers: { 'x-request-id': unsafe } });
      expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('a 5xx says its id in the body, the header and the failure logged, and nothing of the error', async () => {
    const failed = await app.inject({ url: '/test-fails' });
    expect(failed.statusCode).toBe(500);
    const id = failed.headers['x-request-id'] as string;
    expect(failed.json()).toEqual({
      code: expect.any(String),
      message: 'Something went wrong. Please try again.',
      request_id: id,
    });
    expect(logOf(id)).toContain('request failed');
    // A refusal (4xx) carries the header too.
    const refused = await app.inject({ url: '/api/v1/account/' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is the header of every error answer, whoever writes it: Fastify, our handlers or the provider', async () => {
    const json = { 'content-type': 'application/json' };
    const refusals = [
      { url: '/api/v1/nothing-here' }, // 404, no route
      { url: '/api/v1/account/' }, // 401, no token
      { method: 'POST' as const, url: '/api/v1/auth/session', headers: json, payload: '{"id_token":' }, // bad JSON
      {
        method: 'POST' as const,
        url: '/api/v1/auth/session',
        headers: { 'content-type': 'text/x-nope' },
        payload: 'x',
      },
      { method: 'POST' as const, url: '/api/v1/auth/session', headers: json, payload: '{"id_token": 1}' }, // schema
      { url: '/oidc/auth' }, // the embedded provider's own error page (written by oidc-provider)
      { url: '/oidc/auth?client_id=%00' }, // refused before the provider
    ];
    for (const request of refusals) {
      const answer = await app.inject(request);
      expect(answer.statusCode, request.url).toBeGreaterThanOrEqual(400);
      expect(String(answer.headers['x-request-id']), `${answer.statusCode} ${request.url}`).toMatch(
        /^[0-9a-f-]{36}$/,
      );
      expect(logOf(answer.headers['x-request-id'] as string)).toContain('request completed');
    }
  });

  it('is on the lines a request writes after its answer too', async () => {
    const asked = await app.inject({
      method: 'POST',
      url: '/password-reset',
      headers: { origin: app.config.publicUrl, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=nobody-here%40example.com',
    });
    expect(asked.statusCode).toBe(200);
    await app.afterAnswer.idle();
    expect(logOf(asked.headers['x-request-id'] as string)).toContain(
      'password reset asked for an email without a sign-in',
    );
  });

  it("is on the lines shared parts write for the request: the mailer's and a failure after the answer", async () => {
    const asked = await app.inject({ method: 'POST', url: '/test-mails' });
    expect(asked.statusCode).toBe(200);
    await app.afterAnswer.idle();
    const id = asked.headers['x-request-id'] as string;
    expect(logOf(id)).toEqual(expect.arrayContaining(['email queued', 'work after an answer failed']));
    // Once each: the request's own lines do not repeat the id.
    const raw = lines.filter((line) => line.msg === 'email queued' && line.reqId === id);
    expect(raw).toHaveLength(1);
  });
});
