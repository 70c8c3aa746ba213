/** Base paths of the one server (API-01). */
export const API_ACCOUNT_BASE = '/api/v1/account';
export const API_AUTH_BASE = '/api/v1/auth';
export const API_PUBLIC_CONFIG = '/api/v1/config';
/** The JSON script element in which the server writes that same config into the page. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

export const AUTH_PATHS = {
  session: `${API_AUTH_BASE}/session`,
  me: `${API_AUTH_BASE}/me`,
  logout: `${API_AUTH_BASE}/logout`,
  /** Profile's "Sign out of all devices": every API token and provider session of the person. */
  logoutEverywhere: `${API_AUTH_BASE}/logout-everywhere`,
} as const;

/**
 * POST /new-device (API-02, AUTH-13): after a sign-in the session
 * exchange reported as `new_device`, the portal makes this call with no payload. Here rather than in
 * devices.ts: the sign-in code needs it, and must not pull that file's schemas into the first load.
 */
export const DEVICE_PATHS = { newDevice: '/new-device' } as const;

/** index.html's title, after which the server writes the public config into the page. */
export const PAGE_TITLE_HTML = '<title>enQ Account</title>';

/**
 * A page's path as the portal's router matches its routes (wouter, whose patterns match any case and
 * one trailing slash, on the path decoded as decodeURI decodes it, or as written where that throws):
 * the form every place that asks which screen an address is compares, so that the server's page,
 * the boot's first asks and the placeholders agree with the screen the router then shows.
 */
export function portalPathKey(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A lone "%": the router matches the path as written.
  }
  const key = decoded.toLowerCase();
  return key.length > 1 && key.endsWith('/') ? key.slice(0, -1) : key;
}

/** SPA path the identity provider redirects back to after sign-in. */
export const AUTH_CALLBACK_PATH = '/auth/callback';

// The account screens' paths that the boot asks before a screen's code has arrived (app/screen-data):
// here, apart from each screen's schemas, so that asking for them does not wait for zod.

/** Paths below /api/v1/account (API-24). */
export const USERS_PATHS = {
  users: '/users/',
  changePin: '/users/change-pin/',
  changeAdminPin: '/users/change-admin-pin/',
  csvTemplate: '/users/get-csv-template/',
  sendPinEmail: '/users/send-pin-email/',
  /** Hold-music audio, `{value}` filled in; `url` in hold_music_list points here. */
  holdMusicAudio: (value: string) => `/users/hold-music/${encodeURIComponent(value)}.wav`,
} as const;

/** Call history (API-11..15); what the times mean is in call-history.ts. */
export const CALL_PATHS = {
  list: '/calls/',
  dates: '/calls/dates/',
  download: '/calls/download/',
  filters: '/calls/filters/',
  totals: '/calls/totals/',
  /** The usage charts' days, stacks and top lists (USAGE). */
  usage: '/calls/usage/',
} as const;

export const INVOICE_PATHS = {
  root: '/invoices/',
  detail: '/invoices/detail/',
  download: '/invoices/download/',
  pay: '/invoices/pay/',
} as const;

export const SUBSCRIPTION_PATHS = {
  root: '/subscription/',
  change: '/subscription/change/',
  cancel: '/subscription/cancel/',
  /** "Keep this plan": undoes a cancellation or a scheduled change; GET previews, POST keeps. */
  keep: '/subscription/keep/',
} as const;

/** Spend alerts, the spending cap and per-user limits (spend-control.ts, docs/requirements.md SPEND). */
export const SPEND_CONTROL_BASE = '/spend-control/';

/** Paths below /api/v1/account. */
export const SPEND_CONTROL_PATHS = {
  state: SPEND_CONTROL_BASE,
  settings: `${SPEND_CONTROL_BASE}settings/`,
  userLimit: (personId: string) => `${SPEND_CONTROL_BASE}user-limits/${encodeURIComponent(personId)}/`,
  dismiss: (key: string) => `${SPEND_CONTROL_BASE}alerts/${encodeURIComponent(key)}/dismiss/`,
} as const;

/**
 * The operator console (issue 25): its page at /admin (the default ADMIN_PANEL_URL, where the
 * 'Admin authentication' page sends staff) and its API. Here, apart from its schemas, so the portal's
 * sign-in code can route staff to it without loading them.
 */
export const ADMIN_PATH = '/admin';
export const API_ADMIN_BASE = '/api/v1/admin';
