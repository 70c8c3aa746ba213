import { API_ACCOUNT_BASE, API_ADMIN_BASE, errorEnvelopeSchema } from '@enq/contract';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the request body as the OpenAPI document shows it, where the route reads its
     * body itself (a multipart upload) or checks it more loosely on purpose (telephony records one by one).
     */
    documentedBody?: z.ZodType;
  }
}

type Security = { [scheme: string]: string[] }[];
export const BEARER: Security = [{ bearer: [] }];
export const SERVICE_KEY: Security = [{ serviceKey: [] }];

/**
 * The gates app.ts registers on these prefixes as onRequest hooks, which a route's own options do not
 * show: requireAccountMember (401 without a live token, 403 for staff), requireStaff (403 for account tokens) and the telephony service key.
 * A route outside them that sets `security` itself (who-am-I, Log Out) authenticates alone: 401 only.
 */
interface Gate {
  prefix: string;
  security: Security;
  refusals: number[];
}
const GATES: Gate[] = [
  { prefix: `${API_ACCOUNT_BASE}/`, security: BEARER, refusals: [401, 403] },
  { prefix: `${API_ADMIN_BASE}/`, security: BEARER, refusals: [401, 403] },
  { prefix: '/api/v1/payments/', security: BEARER, refusals: [401, 403] },
  { prefix: '/api/v1/telephony/', security: SERVICE_KEY, refusals: [401] },
];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid; `field` names the first bad field',
  401: 'No valid credentials: missing, expired or revoked',
  402: 'The card was declined or the payment failed',
  403: 'This identity may not use this operation',
  404: 'No such resource in this account',
  409: 'Refused in the current state of the account',
  413: 'The request body is larger than the server accepts',
  415: 'The request body is not of a media type this operation reads',
  429: 'Too many requests; try again later',
  503: 'The database is briefly unreachable; try again after `Retry-After` seconds',
};

const JSON_MEDIA = 'application/json';

/** Stable and unique while paths are: the verb, then every path segment after /api/v1 (`:id` as ById). */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : [segment]))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const capitalised = words.map((w) => w[0]!.toUpperCase() + w.slice(1));
  return method.toLowerCase() + capitalised.join('');
}

const statusesOf = (response: unknown) => Object.keys((response ?? {}) as object).map(Number);

/** The error statuses a route can answer besides the ones its handler throws (declared by the route). */
function framingErrors(schema: FastifySchema, gate: Gate | undefined, route: RouteOptions): number[] {
  const statuses: number[] = [];
  const takesBody = Boolean(schema.body ?? schema.documentedBody);
  // The validator answers 400 for any declared input; a body can also be too large or of another type.
  if (takesBody || schema.querystring || schema.params || schema.headers) statuses.push(400);
  if (takesBody) statuses.push(413, 415);
  if (gate) statuses.push(...gate.refusals);
  else if (schema.security?.length) statuses.push(401);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429);
  // Everything but the liveness probe reads the database, which may be restarting (plugins/errors).
  if (route.url !== '/healthz') statuses.push(503);
  return statuses;
}

/** A non-JSON success is a file download: its bytes, in each media type the route produces. */
function fileResponse(mediaTypes: string[]) {
  const content = Object.fromEntries(
    mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  );
  return { description: `The file (${mediaTypes.join(', ')})`, content };
}

/**
 * fastify-type-provider-zod's transform, completed for client generators: an operationId, the security
 * of the gate the path sits behind (public operations say so with an empty list), every 4xx the
 * operation can answer as the JSON error envelope whatever the success's media type, file downloads as
 * binary in their media type, 204 without a body, and a route's documentedBody as its request body.
 */
export const completeOperation: typeof jsonSchemaTransform = (input) => {
  const { schema, url, route } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const { documentedBody, ...routeSchema } = schema;
  const gate = GATES.find((g) => url.startsWith(g.prefix));
  const declared = (routeSchema.response ?? {}) as Record<string, unknown>;
  const errors = new Set(
    [...statusesOf(declared), ...framingErrors(schema, gate, route)].filter((s) => s >= 400),
  );
  const response: Record<string, unknown> = { ...declared };
  for (const status of errors) {
    const body = declared[status] ?? errorEnvelopeSchema;
    // A route that spells out its own media types for this status has said everything already.
    if (typeof body === 'object' && body !== null && 'content' in body) continue;
    response[status] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Refused',
      content: { [JSON_MEDIA]: { schema: body } },
    };
  }
  const { schema: transformed, url: documentedUrl } = jsonSchemaTransform({
    ...input,
    schema: {
      ...routeSchema,
      ...(documentedBody ? { body: documentedBody } : {}),
      operationId: routeSchema.operationId ?? operationIdFor(String(route.method), url),
      security: routeSchema.security ?? gate?.security ?? [],
      response,
    },
  });

  // A console operation says which staff permission it needs (contract admin/staff.ts).
  const permission = (route.config as { staffPermission?: string } | undefined)?.staffPermission;
  if (permission) Object.assign(transformed, { 'x-staff-permission': permission });

  const files = (routeSchema.produces ?? []).filter((type) => !type.includes('json'));
  const documented = (transformed.response ?? {}) as Record<string, unknown>;
  const successes = statusesOf(documented).filter((s) => s < 300);
  if (files.length && successes.length === 0) successes.push(200);
  for (const status of successes) {
    if (status === 204) documented[status] = { type: 'null', description: 'Done; no content' };
    else if (files.length) documented[status] = fileResponse(files);
  }
  return { schema: { ...transformed, response: documented }, url: documentedUrl };
};
