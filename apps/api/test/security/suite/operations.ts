import { randomUUID } from 'node:crypto';
import type { StaffPermission } from '@enq/contract';
import type { App } from '../../../src/app';

/*
 * The account API's operations, read from the OpenAPI document the app serves (/api/docs/json), so a
 * new route is covered by the security suite the day it is added, with nothing to register.
 */

export type JsonSchema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  additionalProperties?: JsonSchema | boolean;
};

export interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
  /** A console operation's permission (`x-staff-permission`). */
  staffPermission?: StaffPermission;
}

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        'x-staff-permission'?: StaffPermission;
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The account member's operations: everything under /api/v1/account, and who-am-I and Log Out. */
export const isAccountOperation = (path: string) =>
  path.startsWith('/api/v1/account') || path === '/api/v1/auth/me' || path === '/api/v1/auth/logout';

/** The operator console's operations: everything under /api/v1/admin. */
export const isAdminOperation = (path: string) => path.startsWith('/api/v1/admin/');

export const accountOperations = (app: App) => operationsOf(app, isAccountOperation);
export const adminOperations = (app: App) => operationsOf(app, isAdminOperation);

async function operationsOf(
  app: App,
  included: (path: string) => boolean,
): Promise<{ operations: Operation[]; resolve: (s: JsonSchema) => JsonSchema }> {
  const doc = (await app.inject({ url: '/api/docs/json' })).json() as Document;
  const schemas = doc.components?.schemas ?? {};
  const resolve = (s: JsonSchema): JsonSchema => {
    let current = s;
    for (let i = 0; current.$ref && i < 10; i++) current = schemas[current.$ref.split('/').pop()!] ?? {};
    return current;
  };
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    if (!included(path)) continue;
    for (const [method, op] of Object.entries(byMethod)) {
      const body = op.requestBody?.content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: body ?? null,
        ...(op['x-staff-permission'] ? { staffPermission: op['x-staff-permission'] } : {}),
      });
    }
  }
  return { operations, resolve };
}

/** Names whose values point at the account's own things: the access matrix swaps in another account's. */
export interface ForeignValues {
  invoiceId: string;
  personId: string;
  pin: string;
}

function override(name: string | undefined, foreign?: ForeignValues): unknown {
  if (!foreign || !name) return undefined;
  if (name === 'invoice_id') return foreign.invoiceId;
  if (name === 'pin' || name.endsWith('_pin')) return foreign.pin;
  if (name === 'id' || name === 'user_id' || name === 'person_id') return foreign.personId;
  return undefined;
}

/** A plausible value for a schema (a valid one where that is easy), with another account's ids if given. */
export function sampleOf(
  schema: JsonSchema | undefined,
  resolve: (s: JsonSchema) => JsonSchema,
  foreign?: ForeignValues,
  name?: string,
  depth = 0,
): unknown {
  const forced = override(name, foreign);
  if (forced !== undefined) return forced;
  if (!schema || depth > 8) return null;
  const s = resolve(schema);
  if ('const' in s) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const options = s.anyOf ?? s.oneOf;
  if (options?.length) {
    const first = options.find((o) => resolve(o).type !== 'null') ?? options[0]!;
    return sampleOf(first, resolve, foreign, name, depth + 1);
  }
  if (s.allOf?.length) {
    return Object.assign({}, ...s.allOf.map((p) => sampleOf(p, resolve, foreign, name, depth + 1)));
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {}))
        out[key] = sampleOf(prop, resolve, foreign, key, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
        sampleOf(s.items, resolve, foreign, name, depth + 1),
      );
    case 'integer':
    case 'number':
      return Math.min(Math.max(s.minimum ?? 1, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return false;
    case 'string':
      if (s.format === 'email' || name?.includes('email')) return 'sec.suite@example.com';
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date') return new Date().toISOString().slice(0, 10);
      return 'x'.repeat(Math.min(Math.max(s.minLength ?? 1, 1), s.maxLength ?? 8));
    default:
      return 'x';
  }
}

/** Percent-encodes anything, lone surrogates included (encodeURIComponent throws on them). */
export function encodeLoose(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const isHigh = c >= 0xd800 && c <= 0xdbff;
    const next = value.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`;
    } else out += encodeURIComponent(value[i]!);
  }
  return out;
}

/** The request for an operation, with the given values for its parameters and body. */
export function requestFor(
  op: Operation,
  values: { params: Record<string, unknown>; body: unknown },
  headers: Record<string, string>,
) {
  let url = op.path;
  const query: string[] = [];
  const extra: Record<string, string> = {};
  for (const p of op.parameters) {
    const value = values.params[p.name];
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeLoose(text));
    else if (p.in === 'query') query.push(`${encodeURIComponent(p.name)}=${encodeLoose(text)}`);
    else if (p.in === 'header' && /^[\x20-\x7e]*$/.test(text)) extra[p.name] = text;
  }
  url = url.replace(/\{(\w+)\}/g, 'x');
  if (query.length) url += `?${query.join('&')}`;
  return {
    method: op.method as 'GET',
    url,
    headers: { ...headers, ...extra, ...(op.body !== null ? { 'content-type': 'application/json' } : {}) },
    ...(op.body !== null && values.body !== undefined ? { payload: JSON.stringify(values.body) } : {}),
  };
}
