import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A load balancer's id is kept only in a form safe to write into a log line and a header. */
const SAFE_ID = /^[\w.:-]{8,128}$/;

/** The request's id: the one the load balancer sent (X-Request-Id), or a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
