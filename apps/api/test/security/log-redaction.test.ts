import { API_ACCOUNT_BASE, AUTH_PATHS, PROFILE_PATHS } from '@enq/contract';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import type { Database } from '../../src/db/client';
import type { Transactional } from '../../src/db/handle';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { DEMO_PROFILE } from '../../src/db/seed/demo-profile';
import { createPasswordReset } from '../../src/domain/auth/password-reset';
import { issueApiToken } from '../../src/domain/auth/api-tokens';
import { openTestDatabase, testConfig } from '../helpers/app';
import { CookieJar, startAuthorization, submitLogin } from '../helpers/oidc-flow';

const LEAKY_EMAIL = 'leak.check@example.com';

/**
 * The real database, except that the statement saving LEAKY_EMAIL fails the way PostgreSQL fails: the
 * driver's error then carries the statement's parameters, and its message quotes the value.
 */
function failingOnLeakyEmail(database: Database): Database {
  const wrap = (q: Transactional): Transactional => ({
    query: (text, params, options) =>
      params?.includes(LEAKY_EMAIL)
        ? q.query('select $1::uuid', [LEAKY_EMAIL, ...params].slice(0, 1))
        : q.query(text, params, options),
    transaction: (work) => q.transaction((tx) => work(wrap(tx))),
  });
  return { ...database, ...wrap(database) };
}

describe('what the log of failing and refused requests holds', () => {
  let database: Database;
  let app: App;
  const lines: string[] = [];
  let token: string;
  let pin: string;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // At debug each request has its lines too (the request line with its URL): all of it is checked.
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'debug' }),
      database: failingOnLeakyEmail(database),
      logger: { level: 'debug', stream },
      scheduleJobs: false,
    });
    await app.ready();
    const [p] = await database.query<{ id: string; pin: string }>(
      'select id, pin from people where email = $1',
      [DEMO_ADMIN.email],
    );
    pin = p!.pin;
    token = (await issueApiToken(database, p!.id)).token;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('holds no token, password, PIN or email, but does say what failed', async () => {
    const failed = await app.inject({
      method: 'PUT',
      url: `${API_ACCOUNT_BASE}${PROFILE_PATHS.profile}?email=${LEAKY_EMAIL}`,
      headers: {
        authorization: `Bearer ${token}`,
        cookie: `session=${token}`,
        'x-service-key': 'svc-secret-key',
      },
      payload: { ...DEMO_PROFILE, email: LEAKY_EMAIL, billing_cc_email: LEAKY_EMAIL },
    });
    expect(failed.statusCode).toBe(500);
    const refusedToken = `${token}.not-a-jwt`;
    expect(
      (await app.inject({ method: 'POST', url: AUTH_PATHS.session, payload: { id_token: refusedToken } }))
        .statusCode,
    ).toBe(401);
    const jar = new CookieJar();
    const { location } = await startAuthorization(app, jar);
    const login = await submitLogin(app, jar, location!, DEMO_ADMIN.email, 'wrong-password-for-the-log');
    expect(login.statusCode).toBe(401);
    const [admin] = await database.query<{ id: string }>('select id from people where email = $1', [
      DEMO_ADMIN.email,
    ]);
    const { token: link } = await createPasswordReset(database, admin!.id, new Date());
    await app.inject({ url: `/password-reset/${link}` });

    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('request failed');
    expect(log).toContain('22P02');
    for (const secret of [
      token,
      LEAKY_EMAIL,
      DEMO_ADMIN.email,
      'wrong-password-for-the-log',
      pin,
      link,
      'svc-secret-key',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
