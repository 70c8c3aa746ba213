import { AUTH_PATHS, SIGN_OUT_TEXT } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { createTestApp, drivers, testConfig, type TestContext } from '../helpers/app';
import {
  CookieJar,
  REDIRECT_URI,
  follow,
  redeemCode,
  startAuthorization,
  submitLogin,
} from '../helpers/oidc-flow';
import { subjectOf } from '../helpers/tokens';

/** Follows the provider's redirects until it sends the browser back to the portal's callback. */
async function backToCallback(app: App, jar: CookieJar, first: string): Promise<URL> {
  let next = first;
  for (let hops = 0; hops < 6 && !next.startsWith(REDIRECT_URI); hops++) {
    next = (await follow(app, jar, next)).headers.location as string;
  }
  expect(next.startsWith(REDIRECT_URI), next).toBe(true);
  return new URL(next);
}

/** A silent sign-in (`prompt=none`) with whatever session cookie the jar holds: a code, or the error. */
async function silentSignIn(app: App, jar: CookieJar) {
  const { location, verifier } = await startAuthorization(app, jar, { prompt: 'none' });
  const callback = await backToCallback(app, jar, location!);
  return { code: callback.searchParams.get('code'), error: callback.searchParams.get('error'), verifier };
}

async function apiTokenFor(
  app: App,
  code: string,
  verifier: string,
  idTokens: string[] = [],
): Promise<string> {
  const tokens = await redeemCode(app, code, verifier);
  expect(tokens.statusCode).toBe(200);
  idTokens.push(tokens.json().id_token);
  const session = await app.inject({
    method: 'POST',
    url: AUTH_PATHS.session,
    payload: { id_token: tokens.json().id_token },
  });
  expect(session.statusCode).toBe(200);
  return session.json().token as string;
}

/** A browser that signs in with the password, the ID token it got and the API token that buys. */
async function signIn(app: App) {
  const jar = new CookieJar();
  const { location, verifier } = await startAuthorization(app, jar);
  const accepted = await submitLogin(app, jar, location!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  expect(accepted.statusCode).toBe(303);
  const callback = await backToCallback(app, jar, accepted.headers.location as string);
  const idTokens: string[] = [];
  const token = await apiTokenFor(app, callback.searchParams.get('code')!, verifier, idTokens);
  return { jar, token, idToken: idTokens[0]! };
}

const me = (app: App, token: string) =>
  app.inject({ url: AUTH_PATHS.me, headers: { authorization: `Bearer ${token}` } });
const logout = (app: App, token: string) =>
  app.inject({ method: 'POST', url: AUTH_PATHS.logout, headers: { authorization: `Bearer ${token}` } });

/** The provider's sign-out as the portal's Log Out goes through it: with its ID token, confirmed. */
async function endProviderSession(app: App, jar: CookieJar, idToken: string) {
  const page = await app.inject({
    url: `/oidc/session/end?id_token_hint=${idToken}`,
    headers: { host: 'localhost:8080', cookie: jar.header() },
  });
  jar.take(page);
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
  expect(xsrf).toBeTruthy();
  const confirmed = await app.inject({
    method: 'POST',
    url: '/oidc/session/end/confirm',
    headers: {
      host: 'localhost:8080',
      cookie: jar.header(),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
  });
  jar.take(confirmed);
  expect(confirmed.statusCode).toBeLessThan(400);
}

const logoutEverywhere = (app: App, token: string) =>
  app.inject({
    method: 'POST',
    url: AUTH_PATHS.logoutEverywhere,
    headers: { authorization: `Bearer ${token}` },
  });

describe.each(drivers)('Log Out ends this browser; Sign out of all devices ends every one (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(() => ctx?.close());

  it("SHELL-20 Log Out in one of two browsers: that browser's token and provider session end, the other stays signed in", async () => {
    const laptop = await signIn(ctx.app);
    const phone = await signIn(ctx.app);
    expect((await logout(ctx.app, laptop.token)).statusCode).toBe(200);
    await endProviderSession(ctx.app, laptop.jar, laptop.idToken);
    expect((await me(ctx.app, laptop.token)).statusCode).toBe(401);
    expect(await silentSignIn(ctx.app, laptop.jar)).toMatchObject({ code: null, error: 'login_required' });
    // The phone: its token works, and its provider session still signs it in silently.
    expect((await me(ctx.app, phone.token)).statusCode).toBe(200);
    const again = await silentSignIn(ctx.app, phone.jar);
    expect(again.code).toBeTruthy();
  });

  it('Sign out of all devices: every token and provider session of the person ends, and a silent sign-in gets login_required', async () => {
    const { jar, token } = await signIn(ctx.app);
    const other = await signIn(ctx.app);
    const before = await silentSignIn(ctx.app, jar);
    expect(before.code).toBeTruthy();
    const otherTab = await apiTokenFor(ctx.app, before.code!, before.verifier);

    const out = await logoutEverywhere(ctx.app, token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: SIGN_OUT_TEXT.signedOutEverywhere });
    for (const ended of [token, otherTab, other.token])
      expect((await me(ctx.app, ended)).statusCode).toBe(401);
    expect(await silentSignIn(ctx.app, jar)).toMatchObject({ code: null, error: 'login_required' });
    expect(await silentSignIn(ctx.app, other.jar)).toMatchObject({ code: null, error: 'login_required' });
  });

  it("the provider's sign-out page asks the person first, unless the portal sends the person's ID token as its hint", async () => {
    const { jar, idToken } = await signIn(ctx.app);
    const page = async (query: string) => {
      const response = await ctx.app.inject({
        url: `/oidc/session/end${query}`,
        headers: { host: 'localhost:8080', cookie: jar.header() },
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    // A link from any site: the confirm button, and no script that presses it.
    const bare = await page('');
    expect(bare).toContain('id="confirm-logout"');
    expect(bare).not.toContain('logout.js');
    // The portal's own Log Out sends the ID token it signed in with: one click, confirmed for the person.
    const hinted = await page(`?id_token_hint=${idToken}`);
    expect(hinted).toContain('id="confirm-logout"');
    expect(hinted).toContain('/interaction-assets/logout.js');
  });

  it("Sign out of all devices leaves none of the person's provider sessions, grants, codes or tokens behind", async () => {
    const sub = await subjectOf(ctx.database, DEMO_ADMIN.email);
    const { token } = await signIn(ctx.app);
    const count = async () =>
      (
        await ctx.database.query<{ model: string }>(
          "select model from oidc_payloads where payload->>'accountId' = $1 or payload->'session'->>'accountId' = $1",
          [sub],
        )
      ).map((r) => r.model);
    expect(await count()).toEqual(expect.arrayContaining(['Session', 'Grant']));
    expect((await logoutEverywhere(ctx.app, token)).statusCode).toBe(200);
    expect(await count()).toEqual([]);
  });
});

// One process per database on PGlite; processes sharing a PostgreSQL server hear of Log Out at once.
describe.each(drivers.filter((d) => d === 'postgres'))('Log Out reaches every process (%s)', (driver) => {
  let ctx: TestContext;
  let other: App;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    other = await buildApp({
      config: testConfig(),
      database: ctx.database,
      logger: false,
      scheduleJobs: false,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  it("after Sign out of all devices another process refuses the person's API tokens it had cached, without waiting for the cache", async () => {
    const first = await signIn(ctx.app);
    const second = await signIn(ctx.app);
    expect((await me(other, first.token)).statusCode).toBe(200);
    expect((await me(other, second.token)).statusCode).toBe(200);
    expect((await logoutEverywhere(ctx.app, first.token)).statusCode).toBe(200);
    // The revocation travels by NOTIFY: poll for it, far inside TOKEN_CACHE_SECONDS.
    const deadline = Date.now() + 3000;
    let statuses: number[] = [];
    while (Date.now() < deadline) {
      statuses = [(await me(other, first.token)).statusCode, (await me(other, second.token)).statusCode];
      if (statuses.every((s) => s === 401)) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(statuses).toEqual([401, 401]);
  });
});
