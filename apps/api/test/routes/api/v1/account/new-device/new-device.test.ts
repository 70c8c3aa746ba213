import { API_ACCOUNT_BASE, AUTH_PATHS, DEVICE_PATHS, NEW_DEVICE_EMAIL_SUBJECT } from '@enq/contract';
import { decodeJwt } from 'jose';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../../../../src/db/seed/demo-account';
import { describeBrowser } from '../../../../../../src/domain/auth/notices';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import {
  CookieJar,
  follow,
  redeemCode,
  REDIRECT_URI,
  startAuthorization,
  submitLogin,
} from '../../../../../helpers/oidc-flow';
import { providerSignedIdToken, subjectOf } from '../../../../../helpers/tokens';

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(drivers)('new device (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(() => ctx?.close());

  /** A browser's sign-in, to the ID token. With a session cookie in the jar the login page is skipped. */
  async function idTokenFor(jar: CookieJar) {
    const { verifier, location } = await startAuthorization(ctx.app, jar);
    let next = location!;
    if (next.startsWith('/interaction/')) {
      const login = await submitLogin(ctx.app, jar, next, DEMO_ADMIN.email, DEMO_ADMIN.password);
      expect(login.statusCode).toBe(303);
      next = login.headers.location as string;
    }
    for (let hops = 0; hops < 4 && !next.startsWith(REDIRECT_URI); hops++) {
      next = (await follow(ctx.app, jar, next)).headers.location as string;
    }
    const tokens = await redeemCode(ctx.app, new URL(next).searchParams.get('code')!, verifier);
    return tokens.json().id_token as string;
  }
  const exchange = async (idToken: string) =>
    (
      await ctx.app.inject({ method: 'POST', url: AUTH_PATHS.session, payload: { id_token: idToken } })
    ).json();
  const reportNewDevice = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}${DEVICE_PATHS.newDevice}`,
      headers: { authorization: `Bearer ${token}`, 'user-agent': CHROME_ON_MAC },
    });
  const notices = () =>
    ctx.database.query<{ subject: string; text: string; to: string }>(
      `select subject, text, "to" from outbox where kind = 'new-device' order by id`,
    );
  const deviceCookie = (jar: CookieJar) => /(?:^|; )enq_device=([\w-]+)/.exec(jar.header())?.[1];

  it('AUTH-13 the first sign-in from a browser is new: one call records it and emails a notice', async () => {
    const jar = new CookieJar();
    const idToken = await idTokenFor(jar);
    const cookie = deviceCookie(jar);
    expect(cookie).toMatch(/^[\w-]{43}$/);
    // The token carries a digest of the cookie, never the cookie itself.
    const claim = decodeJwt(idToken).device_id;
    expect(claim).toBe(createHash('sha256').update(cookie!).digest('base64url'));

    const session = await exchange(idToken);
    expect(session.new_device).toBe(true);
    const first = await reportNewDevice(session.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ notified: true });
    const mails = await notices();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(DEMO_ADMIN.email);
    expect(mails[0]!.subject).toBe(NEW_DEVICE_EMAIL_SUBJECT);
    expect(mails[0]!.text).toContain('Browser: Chrome on macOS');
    expect(mails[0]!.text).toContain('IP address: 127.0.0.1');
    expect(mails[0]!.text).toMatch(/Time: \w+ \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM) ET/);

    const [row] = await ctx.database.query<{ user_agent: string; notified_at: Date | null }>(
      'select user_agent, notified_at from known_devices where device_id = $1',
      [claim],
    );
    expect(row!.user_agent).toBe(CHROME_ON_MAC);
    expect(row!.notified_at).not.toBeNull();

    // Calling again (a retry, a second tab) records nothing new and sends nothing.
    expect((await reportNewDevice(session.token)).json()).toEqual({ notified: false });
    expect(await notices()).toHaveLength(1);
  });

  it('AUTH-13 signing in again from the same browser is not new, with or without its provider session', async () => {
    const jar = new CookieJar();
    const first = await exchange(await idTokenFor(jar));
    expect(first.new_device).toBe(true);
    await reportNewDevice(first.token);
    const sent = (await notices()).length;

    // Silent sign-in on the live provider session.
    expect((await exchange(await idTokenFor(jar))).new_device).toBe(false);
    // After signing out of the provider, the device cookie is still there: the login page, same device.
    const signedOut = new CookieJar();
    signedOut.take({ cookies: [{ name: 'enq_device', value: deviceCookie(jar)! }] } as never);
    const again = await exchange(await idTokenFor(signedOut));
    expect(again.new_device).toBe(false);
    expect(deviceCookie(signedOut)).toBe(deviceCookie(jar)); // kept, not replaced
    expect(await notices()).toHaveLength(sent);
  });

  it('AUTH-13 another browser is a new device again', async () => {
    const sent = (await notices()).length;
    const session = await exchange(await idTokenFor(new CookieJar()));
    expect(session.new_device).toBe(true);
    expect((await reportNewDevice(session.token)).json()).toEqual({ notified: true });
    expect(await notices()).toHaveLength(sent + 1);
  });

  it('AUTH-13 an ID token without a device (another issuer) is never new and the call does nothing', async () => {
    const sent = (await notices()).length;
    const idToken = await providerSignedIdToken(ctx.database, {
      sub: await subjectOf(ctx.database, DEMO_ADMIN.email),
    });
    const session = await exchange(idToken);
    expect(session.new_device).toBe(false);
    expect((await reportNewDevice(session.token)).json()).toEqual({ notified: false });
    expect(await notices()).toHaveLength(sent);
  });

  it('AUTH-13 the device cookie is set on login only when absent: httpOnly, long-lived, whole site', async () => {
    const jar = new CookieJar();
    const { location } = await startAuthorization(ctx.app, jar);
    const login = await submitLogin(ctx.app, jar, location!, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const setCookies = [login.headers['set-cookie'] ?? []].flat();
    const device = setCookies.find((c) => c.startsWith('enq_device='));
    expect(device).toMatch(/; Path=\/; Max-Age=34560000; HttpOnly; SameSite=Lax$/);
    const refused = await submitLogin(ctx.app, new CookieJar(), location!, DEMO_ADMIN.email, 'wrong');
    expect([refused.headers['set-cookie'] ?? []].flat().some((c) => c.startsWith('enq_device='))).toBe(false);
  });

  it('the new-device call needs a signed-in account member', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${API_ACCOUNT_BASE}${DEVICE_PATHS.newDevice}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('names browsers a person recognises', () => {
    expect(describeBrowser(CHROME_ON_MAC)).toBe('Chrome on macOS');
    expect(
      describeBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      describeBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(describeBrowser('')).toBe('An unknown browser');
  });
});
