/**
 * Query keys that more than one feature touches. Users are listed on /users, and the account holder
 * is also edited on /profile: a profile save marks the users list stale so /users never shows (or
 * saves against) an old name or email.
 */
export const USERS_QUERY_KEY = ['users'] as const;
