import { AUTH_PATHS, DEVICE_PATHS, type MeResponse, type SessionResponse } from '@enq/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiRequestAbsolute } from './api-client';
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

/**
 * AUTH-13: after a sign-in the exchange called new, POST /new-device (no payload) records the device and
 * emails the person. Only logged on failure: it must never stand between a person and the portal.
 */
export async function reportNewDevice(): Promise<void> {
  try {
    // /new-device is an account path: a staff identity (admin authentication page only) is refused it.
    const me = await apiRequestAbsolute<MeResponse>(AUTH_PATHS.me, {
      ignoreUnauthorized: true,
      timeoutMs: 5000,
    });
    if (me.is_staff) return;
    await apiRequest(DEVICE_PATHS.newDevice, { method: 'POST', ignoreUnauthorized: true, timeoutMs: 5000 });
  } catch (error) {
    console.error('The new-device notice could not be sent', error);
  }
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
