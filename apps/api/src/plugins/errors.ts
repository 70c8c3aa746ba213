import { ERROR_CODES, MESSAGES, type ErrorEnvelope } from '@enq/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { DomainError, type DomainErrorKind } from '../domain/errors';

/** What a request that needed the database is told while it is down, and when to try again. */
export const DATABASE_UNAVAILABLE = {
  message: MESSAGES.serviceUnavailable,
  retryAfterSeconds: 5,
} as const;

const CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  429: ERROR_CODES.rateLimited,
};

/** The one place a refusal (DomainError) becomes an HTTP status. */
const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  'card-declined': 402,
  'payment-failed': 402,
  'payment-pending': 409,
};

/** Codes other than the status's own. */
const CODE_BY_KIND: Partial<Record<DomainErrorKind, string>> = {
  'card-declined': 'CARD_DECLINED',
  'payment-failed': ERROR_CODES.paymentFailed,
  'payment-pending': ERROR_CODES.paymentPending,
};

/**
 * The HTTP status of any error a request ends with: a refusal's by its kind, Fastify's and its
 * plugins' own (a body too large, a rate limit) as they set it, anything else 500. The site's HTML
 * pages answer with the same status (routes/site).
 */
export function httpStatusOf(error: { statusCode?: number; status?: number }): number {
  if (error instanceof DomainError) return STATUS_BY_KIND[error.kind];
  return error.statusCode ?? error.status ?? 500;
}

function fieldLabel(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '.');
}

/** Every error leaves as `{ message, code, field? }`; a 500 never leaks internals. */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { status?: number; field?: string }, req, reply) => {
    let envelope: ErrorEnvelope;
    let status: number;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first ? fieldLabel(first.instancePath) : undefined;
      status = 400;
      envelope = {
        code: ERROR_CODES.badRequest,
        message: field ? `${field}: ${first!.message}` : (first?.message ?? 'The request is not valid.'),
        ...(field ? { field } : {}),
      };
    } else if (isDatabaseUnavailable(error)) {
      // Not a fault of the request: it can be sent again once the database is back.
      req.log.warn({ err: error }, 'database unavailable');
      status = 503;
      reply.header('retry-after', String(DATABASE_UNAVAILABLE.retryAfterSeconds));
      envelope = { code: ERROR_CODES.unavailable, message: DATABASE_UNAVAILABLE.message, request_id: req.id };
    } else {
      status = httpStatusOf(error);
      if (status >= 500) {
        req.log.error({ err: error }, 'request failed');
        // The id support finds the failure's log lines by.
        envelope = {
          code: ERROR_CODES.internal,
          message: 'Something went wrong. Please try again.',
          request_id: req.id,
        };
      } else {
        envelope = {
          code:
            (error instanceof DomainError ? CODE_BY_KIND[error.kind] : undefined) ??
            CODE_BY_STATUS[status] ??
            ERROR_CODES.badRequest,
          message: error.message,
          ...(error.field ? { field: error.field } : {}),
        };
      }
    }
    if (status === 401 && !reply.hasHeader('www-authenticate')) {
      // RFC 6750: say which scheme is wanted, and whether the token that came was the problem.
      reply.header('www-authenticate', req.headers.authorization ? 'Bearer error="invalid_token"' : 'Bearer');
    }
    return reply.code(status).send(envelope);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
