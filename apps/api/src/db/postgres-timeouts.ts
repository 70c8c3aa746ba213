/**
 * Bounds on waiting for the server, so a database that is down or unreachable fails a request quickly
 * (503) instead of holding it. A query's bound is generous: exports and period close read a lot.
 */
export const CONNECT_TIMEOUT_MS = 3_000;
export const QUERY_TIMEOUT_MS = 60_000;
