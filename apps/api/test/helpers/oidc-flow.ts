import type { LightMyRequestResponse } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import type { App } from '../../src/app';

export const REDIRECT_URI = 'http://localhost:8080/auth/callback';
const HOST = 'localhost:8080';

/** A browser's cookie jar, as far as these tests need one (paths are ignored). */
export class CookieJar {
  private cookies = new Map<string, string>();
  take(response: LightMyRequestResponse) {
    for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const pathOf = (location: string) => {
  const url = new URL(location, `http://${HOST}`);
  return url.pathname + url.search;
};

/** The portal's authorization-code + PKCE request, as oidc-client-ts sends it (`extra`: e.g. prompt). */
export async function startAuthorization(app: App, jar: CookieJar, extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    client_id: 'enq-portal',
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
    nonce: 'nonce-123',
    ...extra,
  });
  const response = jar.take(
    await app.inject({
      method: 'GET',
      url: `/oidc/auth?${query}`,
      headers: { host: HOST, cookie: jar.header() },
    }),
  );
  return { response, verifier, location: response.headers.location as string | undefined };
}

export async function follow(app: App, jar: CookieJar, location: string) {
  return jar.take(
    await app.inject({ method: 'GET', url: pathOf(location), headers: { host: HOST, cookie: jar.header() } }),
  );
}

export async function submitLogin(
  app: App,
  jar: CookieJar,
  interactionPath: string,
  email: string,
  password: string,
) {
  return jar.take(
    await app.inject({
      method: 'POST',
      url: `${pathOf(interactionPath)}/login`,
      headers: {
        host: HOST,
        origin: 'http://localhost:8080',
        cookie: jar.header(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ email, password }).toString(),
    }),
  );
}

export async function redeemCode(app: App, code: string, verifier: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: 'enq-portal',
      code_verifier: verifier,
    }).toString(),
  });
  return response;
}

/**
 * Posts a form of an interaction page (`action`: e.g. 'second-factor'), as the browser would; from
 * `remoteAddress` when given (a guesser spread over many addresses).
 */
export async function submitInteraction(
  app: App,
  jar: CookieJar,
  interactionPath: string,
  action: string,
  fields: Record<string, string>,
  remoteAddress?: string,
) {
  return jar.take(
    await app.inject({
      method: 'POST',
      ...(remoteAddress ? { remoteAddress } : {}),
      url: `${pathOf(interactionPath)}/${action}`,
      headers: {
        host: HOST,
        origin: 'http://localhost:8080',
        cookie: jar.header(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(fields).toString(),
    }),
  );
}
