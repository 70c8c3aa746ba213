import { AUTH_PATHS, type MeResponse, type SessionResponse } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequestAbsolute } from './api-client';
import type { AuthClient } from './auth';
import { clearApiToken } from './token-storage';

export function exchangeIdToken(idToken: string): Promise<SessionResponse> {
  // A refused ID token must not reload the page: that would replay the provider's single-use code.
  return apiRequestAbsolute<SessionResponse>(AUTH_PATHS.session, {
    method: 'POST',
    body: { id_token: idToken },
    ignoreUnauthorized: true,
  });
}

export const meQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => apiRequestAbsolute<MeResponse>(AUTH_PATHS.me, { signal }),
  staleTime: 5 * 60_000,
});

/** Revokes the API token (best effort), forgets it, and ends the provider session. */
export async function logout(authClient: AuthClient, marketingUrl: string): Promise<void> {
  try {
    await apiRequestAbsolute(AUTH_PATHS.logout, {
      method: 'POST',
      ignoreUnauthorized: true,
      timeoutMs: 5000,
    });
  } catch {
    // the token is dropped either way; an unreachable API must not keep anyone signed in here
  }
  clearApiToken();
  try {
    await authClient.signoutRedirect({ post_logout_redirect_uri: marketingUrl });
  } catch (error) {
    console.error('Provider sign-out failed', error);
    window.location.assign(marketingUrl);
  }
}
