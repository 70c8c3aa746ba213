import type { App } from '../../src/app';

/** The parts of an OpenAPI 3.0 document these tests read. */
export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
export interface MediaType {
  schema?: Schema;
}
export interface Response {
  description: string;
  content?: Record<string, MediaType>;
}
export interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
}
export interface Document {
  openapi: string;
  security?: Record<string, string[]>[];
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}
export interface Located {
  method: string;
  path: string;
  operation: Operation;
}

/** The document exactly as a client downloads it. */
export async function servedDocument(app: App): Promise<Document> {
  const response = await app.inject({ url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`/api/docs/json answered ${response.statusCode}`);
  return response.json() as Document;
}

export function operationsOf(doc: Document): Located[] {
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

export function operationNamed(doc: Document, operationId: string): Located {
  const found = operationsOf(doc).find((o) => o.operation.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in the document`);
  return found;
}

/** Follows `$ref`s into components.schemas. */
export function resolve(doc: Document, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let i = 0; current.$ref && i < 10; i++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`dangling reference ${current.$ref}`);
    current = target;
  }
  return current;
}

/** Whether a body of this schema always carries the envelope's `message` and `code` strings. */
export function isEnvelope(doc: Document, schema: Schema | undefined): boolean {
  const s = resolve(doc, schema);
  const options = s.anyOf ?? s.oneOf;
  if (options) return options.length > 0 && options.every((o) => isEnvelope(doc, o));
  return (
    s.type === 'object' &&
    resolve(doc, s.properties?.message).type === 'string' &&
    resolve(doc, s.properties?.code).type === 'string' &&
    ['message', 'code'].every((k) => s.required?.includes(k))
  );
}

/** A request path with every `{param}` filled in. */
export function fillPath(path: string, values: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? 'x'));
}
