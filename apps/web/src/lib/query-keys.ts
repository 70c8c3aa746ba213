/**
 * Query keys that more than one feature touches. Users are listed on /users, and the account holder
 * is also edited on /profile: a profile save marks the users list stale so /users never shows (or
 * saves against) an old name or email.
 */
export const USERS_QUERY_KEY = ['users'] as const;

/** The cached billing, overview and invoices data, refreshed after the writes that change them (API-20). */
export const CACHE_TAGS = { billing: 'billing', overview: 'overview', invoices: 'invoices' } as const;

/** Query key shared by /lines and /pdf, which both read GET /lines/. */
export const LINES_CACHE_TAG = 'lines';
