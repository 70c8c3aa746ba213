/** Base paths of the one server (API-01). */
export const API_ACCOUNT_BASE = '/api/v1/account';
export const API_AUTH_BASE = '/api/v1/auth';
export const API_PUBLIC_CONFIG = '/api/v1/config';

export const AUTH_PATHS = {
  session: `${API_AUTH_BASE}/session`,
  me: `${API_AUTH_BASE}/me`,
  logout: `${API_AUTH_BASE}/logout`,
} as const;

/**
 * POST /new-device (API-02, AUTH-13): after a sign-in the session
 * exchange reported as `new_device`, the portal makes this call with no payload. Here rather than in
 * devices.ts: the sign-in code needs it, and must not pull that file's schemas into the first load.
 */
export const DEVICE_PATHS = { newDevice: '/new-device' } as const;

/** SPA path the identity provider redirects back to after sign-in. */
export const AUTH_CALLBACK_PATH = '/auth/callback';
