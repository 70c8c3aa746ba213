/** Base paths of the one server (DESIGN.md section 1). */
export const API_ACCOUNT_BASE = '/api/v1/account';
export const API_AUTH_BASE = '/api/v1/auth';
export const API_PUBLIC_CONFIG = '/api/v1/config';

export const AUTH_PATHS = {
  session: `${API_AUTH_BASE}/session`,
  me: `${API_AUTH_BASE}/me`,
  logout: `${API_AUTH_BASE}/logout`,
} as const;

/**
 * POST /new-device (first document, section 7; decisions.md "New device"): after a sign-in the session
 * exchange reported as `new_device`, the portal makes this call with no payload. Here rather than in
 * devices.ts: the sign-in code needs it, and must not pull that file's schemas into the first load.
 */
export const DEVICE_PATHS = { newDevice: '/new-device' } as const;

/** SPA path the identity provider redirects back to after sign-in. */
export const AUTH_CALLBACK_PATH = '/auth/callback';

/** The twelve portal screens, in the sidebar's order (spec: screens and routes). */
export const PORTAL_ROUTES = [
  { path: '/', label: 'Overview', title: 'Overview' },
  { path: '/lines', label: 'Lines', title: 'Lines' },
  { path: '/pdf', label: 'PDF', title: 'PDF and Contact Cards' },
  { path: '/profile', label: 'Profile', title: 'Profile' },
  { path: '/billing', label: 'Billing', title: 'Billing' },
  { path: '/users', label: 'Users', title: 'Users' },
  { path: '/call-rates', label: 'Call Rates', title: 'Call Rates' },
  { path: '/call-history', label: 'Call History', title: 'Call History' },
  { path: '/subscription', label: 'Subscription', title: 'Subscription' },
  { path: '/invoices', label: 'Invoices', title: 'Invoices' },
  { path: '/referral', label: 'Referral', title: 'Referral' },
  { path: '/feature-request', label: 'Feature Request', title: 'Feature Request' },
] as const;
export type PortalPath = (typeof PORTAL_ROUTES)[number]['path'];
