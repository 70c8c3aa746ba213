/** What every API request carries: JSON accepted and, when there is one, the API token. */
export function apiHeaders(token: string | null, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * The API knows the caller by the token alone, never by a cookie, so its requests carry none (the
 * identity provider's device cookie stays with the provider). Chromium also keeps requests without
 * credentials in a connection pool of their own: a cold visit's first answers were sent at once
 * instead of 353 ms later behind the page's script preloads (six connections per host over HTTP/1.1).
 * On this machine's loopback the screens did not show sooner for it (bench:compare, docs/performance.md).
 */
export const API_CREDENTIALS: RequestCredentials = 'omit';
