export { errorEnvelopeSchema, type ErrorEnvelope } from './error-envelope';

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL',
} as const;

/** Client-side fetch failures that never reached a JSON answer (spec: calls, section 7). */
export const CLIENT_ERRORS = ['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR'] as const;
export type ClientErrorCode = (typeof CLIENT_ERRORS)[number];

export const TOAST = {
  position: 'top-right',
  autoCloseMs: 5000,
  downloadAutoCloseMs: 2000,
  hideProgressBar: true,
  theme: 'light',
} as const;

/** Unused query data is kept this long (spec: 60 s). */
export const QUERY_GC_TIME_MS = 60_000;
export const API_TIMEOUT_MS = 30_000;
export const API_TOKEN_STORAGE_KEY = 'apiToken';

export const MESSAGES = {
  genericError: 'Something went wrong. Please try again.',
  fileDownloaded: 'File downloaded successfully',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to leave?',
  adminAuthTitle: 'Admin authentication',
  adminAuthText: 'You authenticated as an admin user.',
} as const;

/** Backend cache tags (API-20): the page's query keys. */
export const CACHE_TAGS = { billing: 'billing', overview: 'overview', invoices: 'invoices' } as const;
