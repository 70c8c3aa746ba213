import { AUTH_PATHS } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../src/db/seed/demo-account';
import { createPasswordReset } from '../../src/domain/auth/password-reset';
import { createTestApp, drivers, testConfig, type TestContext } from '../helpers/app';
import { providerSignedIdToken, subjectOf } from '../helpers/tokens';

const secondsAgo = (s: number) => Math.floor(Date.now() / 1000) - s;

describe.each(drivers)('ID tokens open one session, and none after Log Out or a reset (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(() => ctx?.close());

  const exchange = (idToken: string, app = ctx.app) =>
    app.inject({ method: 'POST', url: AUTH_PATHS.session, payload: { id_token: idToken } });

  it('accepts an ID token once; posting it again, here or at another process on the database, is 401', async () => {
    const idToken = await providerSignedIdToken(ctx.database, {
      sub: await subjectOf(ctx.database, DEMO_ADMIN.email),
    });
    expect((await exchange(idToken)).statusCode).toBe(200);
    const replay = await exchange(idToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.headers['www-authenticate']).toBe('Bearer');
    const other = await buildApp({
      config: testConfig(),
      database: ctx.database,
      logger: false,
      scheduleJobs: false,
    });
    try {
      await other.ready();
      expect((await exchange(idToken, other)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('refuses an ID token issued before Sign out of all devices, and still accepts one issued after', async () => {
    const sub = await subjectOf(ctx.database, DEMO_ADMIN.email);
    const captured = await providerSignedIdToken(ctx.database, { sub, iat: secondsAgo(5) });
    const { token } = (
      await exchange(await providerSignedIdToken(ctx.database, { sub, iat: secondsAgo(10) }))
    ).json();
    const out = await ctx.app.inject({
      method: 'POST',
      url: AUTH_PATHS.logoutEverywhere,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await exchange(captured)).statusCode).toBe(401);
    const fresh = await providerSignedIdToken(ctx.database, { sub, iat: secondsAgo(-1) });
    expect((await exchange(fresh)).statusCode).toBe(200);
  });

  it('refuses an ID token issued before a password reset', async () => {
    const sub = await subjectOf(ctx.database, DEMO_ANNUAL.email);
    const captured = await providerSignedIdToken(ctx.database, { sub, iat: secondsAgo(5) });
    const [person] = await ctx.database.query<{ id: string }>(
      'select id from people where identity_subject = $1',
      [sub],
    );
    const { token: link } = await createPasswordReset(ctx.database, person!.id, new Date());
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/password-reset/${link}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ctx.app.config.publicUrl },
      payload: 'password=a-brand-new-password-1&confirm=a-brand-new-password-1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await exchange(captured)).statusCode).toBe(401);
  });
});
