export { errorEnvelopeSchema, type ErrorEnvelope } from './error-envelope';

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL',
  unavailable: 'UNAVAILABLE',
  paymentFailed: 'PAYMENT_FAILED',
  paymentPending: 'PAYMENT_PENDING',
  authenticationRequired: 'AUTHENTICATION_REQUIRED',
} as const;

export const API_TOKEN_STORAGE_KEY = 'apiToken';

export const MESSAGES = {
  genericError: 'Something went wrong. Please try again.',
  fileDownloaded: 'File downloaded successfully',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to leave?',
  adminAuthTitle: 'Admin authentication',
  adminAuthText: 'You authenticated as an admin user.',
  /** Answered (503) to a request that needs the database while it is unreachable. */
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
} as const;
