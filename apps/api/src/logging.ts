import type { FastifyServerOptions } from 'fastify';
import { requestContext } from '@fastify/request-context';

/*
 * Logs never hold tokens, passwords, PINs or emails. Three layers: the request
 * line drops query strings and reset-link tokens, pino redacts secret-bearing fields by name, and
 * errors are rebuilt from a short list of fields: a database error's parameters and detail (which
 * repeat the values of the failed statement) never reach the log, and quoted values in its message
 * are blanked.
 */

const CENSOR = '[redacted]';
const SECRET_FIELDS = ['authorization', 'cookie', 'password', 'pin', 'email', 'token', 'id_token', 'to'];
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-service-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
];

// Narrow on purpose: stack frames hold paths like node_modules/@scope/name.
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const scrub = (text: string) => text.replace(EMAIL, '[email]');

/** The URL without its query (codes, filters, names) and without a reset link's token. */
export function loggableUrl(url: string): string {
  const path = url.split('?')[0]!;
  return scrub(path.replace(/(\/password-reset\/)[^/]+/, `$1${CENSOR}`));
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
// Where it happened, never what was in it.
const DATABASE_FIELDS_KEPT = ['code', 'severity', 'schema', 'table', 'column', 'constraint', 'routine'];

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: CENSOR, stack: '' };
  const e = error as Error & Record<string, unknown>;
  const isDatabase = typeof e.code === 'string' && SQLSTATE.test(e.code) && 'severity' in e;
  const clean = (text: string) => scrub(isDatabase ? text.replace(/"[^"\n]*"/g, `"${CENSOR}"`) : text);
  const out: LoggedError = { type: e.name, message: clean(e.message), stack: clean(e.stack ?? '') };
  if (isDatabase) {
    for (const key of DATABASE_FIELDS_KEPT) if (e[key] !== undefined) out[key] = e[key];
  } else {
    for (const key of ['code', 'statusCode']) if (e[key] !== undefined) out[key] = e[key];
  }
  if (e.cause && depth < 3) out.cause = loggableError(e.cause, depth + 1);
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  hostname?: string;
}

/**
 * Each request's lines ('incoming request', 'request completed') only at debug and trace: at info a
 * short session printed thousands, and the sign-in details scrolled away. Failures are logged anyway.
 */
export const logsRequests = (level: string): boolean => level === 'debug' || level === 'trace';

/**
 * pino's options. A person at a terminal reads lines (pino-pretty, in pino's worker thread); anything
 * else (a file, a collector, the tests) gets one JSON object a line.
 */
export function loggerOptions(
  level: string,
  terminal = process.stdout.isTTY === true,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(terminal
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' },
          },
        }
      : {}),
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      err: loggableError,
      req: (req: LoggedRequest) => ({ method: req.method, url: loggableUrl(req.url), ip: req.ip }),
    },
  };
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    reqId: string;
  }
}

/**
 * A line written during a request by a logger not made for it (the mailer's, work after the answer,
 * the domain's) names the request too; the request's own logger already carries the id.
 */
export function requestIdField(logger: { bindings(): Record<string, unknown> }): { reqId?: string } {
  const reqId = requestContext.get('reqId');
  return reqId === undefined || 'reqId' in logger.bindings() ? {} : { reqId };
}
