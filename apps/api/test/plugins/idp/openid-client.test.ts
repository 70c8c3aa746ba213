import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { CookieJar, REDIRECT_URI, follow, startAuthorization, submitLogin } from '../../helpers/oidc-flow';
import { subjectOf } from '../../helpers/tokens';

/**
 * The embedded provider seen by a client nobody here wrote (openid-client 6): it reads the discovery
 * document, and what that document offers must be what the portal's client can use.
 */

/** openid-client's HTTP requests, answered by the app in process. */
function fetchThrough(app: App): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const response = await app.inject({
      method: options.method as 'GET',
      url: target.pathname + target.search,
      headers: { ...Object.fromEntries(new Headers(options.headers)), host: target.host },
      ...(options.body ? { payload: String(options.body) } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers))
      for (const v of [value ?? []].flat()) headers.append(name, String(v));
    const status = response.statusCode;
    return new Response([204, 304].includes(status) ? null : new Uint8Array(response.rawPayload), {
      status,
      headers,
    });
  };
}

/** Follows the provider's redirects until it sends the browser to the portal's callback. */
async function toCallback(app: App, jar: CookieJar, first: string, maxHops = 10): Promise<URL> {
  let next = first;
  const visited: string[] = [];
  for (let hops = 0; hops < maxHops && !next.startsWith(REDIRECT_URI); hops++) {
    const response = await follow(app, jar, next);
    visited.push(`${new URL(next, 'http://localhost:8080').pathname} ${response.statusCode}`);
    next = String(response.headers.location);
  }
  expect(next.startsWith(REDIRECT_URI), `still at ${next} after ${visited.join(' -> ')}`).toBe(true);
  return new URL(next);
}

describe.each(drivers)('the embedded provider through openid-client 6 (%s)', (driver) => {
  let ctx: TestContext;
  let config: client.Configuration;
  let jar: CookieJar;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    config = await client.discovery(
      new URL(ctx.app.config.oidc.issuer),
      'enq-portal',
      undefined,
      client.None(),
      {
        execute: [client.allowInsecureRequests],
        [client.customFetch]: fetchThrough(ctx.app),
      },
    );
    // A browser with a provider session: signed in once with the password.
    jar = new CookieJar();
    const { location } = await startAuthorization(ctx.app, jar);
    const login = await submitLogin(ctx.app, jar, location!, DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(login.statusCode).toBe(303);
    await toCallback(ctx.app, jar, login.headers.location as string);
  });
  afterAll(() => ctx?.close());

  /** One authorization-code + PKCE round through openid-client, from the browser's session. */
  async function codeFlow(parameters: Record<string, string>) {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ...parameters,
    });
    const callback = await toCallback(ctx.app, jar, url.href);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    return tokens.claims();
  }

  it('advertises only the code flow, for a public client, without refresh tokens', () => {
    const metadata = config.serverMetadata();
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.grant_types_supported).toEqual(['authorization_code']);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['none']);
    expect(metadata.scopes_supported).not.toContain('offline_access');
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('every advertised scope can be asked for in one sign-in, and the ID token says who signed in', async () => {
    const scope = config.serverMetadata().scopes_supported!.join(' ');
    const claims = await codeFlow({ scope });
    expect(claims?.sub).toBe(await subjectOf(ctx.database, DEMO_ADMIN.email));
  });

  it('the ID token carries the email and name when the email and profile scopes are asked, and neither when they are not', async () => {
    const full = await codeFlow({ scope: 'openid email profile' });
    expect(full).toMatchObject({ email: DEMO_ADMIN.email, email_verified: true, name: expect.any(String) });
    expect(full!.name).not.toBe('');
    const bare = await codeFlow({ scope: 'openid' });
    expect(bare).not.toHaveProperty('email');
    expect(bare).not.toHaveProperty('name');
  });

  it('prompt=consent comes back with a code instead of looping between the interaction and the provider', async () => {
    const claims = await codeFlow({ scope: 'openid email profile', prompt: 'consent' });
    expect(claims?.sub).toBe(await subjectOf(ctx.database, DEMO_ADMIN.email));
  });
});
