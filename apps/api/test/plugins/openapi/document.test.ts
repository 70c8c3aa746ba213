import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020';
import { SERVICE_KEY_HEADER } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../src/domain/auth/api-tokens';
import { createTestApp, type TestContext } from '../../helpers/app';
import {
  isEnvelope,
  operationNamed,
  operationsOf,
  resolve,
  servedDocument,
  type Document,
  type Located,
} from '../../helpers/openapi-document';

// Behind a bearer gate that refuses some identities (403): account members' routes, and the console's.
const isGated = (path: string) =>
  path.startsWith('/api/v1/account/') ||
  path.startsWith('/api/v1/payments/') ||
  path.startsWith('/api/v1/admin/');
const PUBLIC_PATHS = ['/healthz', '/readyz', '/api/v1/config', '/api/v1/auth/session', '/contact-card'];

describe('the served OpenAPI document', () => {
  let ctx: TestContext;
  let doc: Document;
  let operations: Located[];
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    doc = await servedDocument(ctx.app);
    operations = operationsOf(doc);
  });
  afterAll(() => ctx?.close());

  it('passes a third-party OpenAPI validator (swagger-parser)', async () => {
    // The validator dereferences in place: give it a copy.
    const problem = await SwaggerParser.validate(structuredClone(doc) as never).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(problem).toBeNull();
    expect(doc.openapi).toMatch(/^3\./);
    expect(operations.length).toBeGreaterThan(40);
  });

  it('is OpenAPI 3.1: every schema compiles with Ajv as JSON Schema 2020-12, nullable ones as anyOf null', async () => {
    const [admin] = await ctx.database.query<{ id: string }>('select id from people where email = $1', [
      DEMO_ADMIN.email,
    ]);
    const { token } = await issueApiToken(ctx.database, admin!.id);
    const demoBilling = (
      await ctx.app.inject({ url: '/api/v1/account/billing/', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(doc.openapi).toBe('3.1.0');
    const ajv = new Ajv2020({ strict: false, logger: false });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const names = Object.keys(doc.components.schemas);
    const refused = names.filter((name) => {
      try {
        return !ajv.getSchema(`doc#/components/schemas/${name}`);
      } catch {
        return true;
      }
    });
    expect(refused).toEqual([]);
    // 3.0's `nullable` (ignored beside allOf [$ref]) is gone; a null card is valid, a string is not.
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
    const billing = ajv.getSchema('doc#/components/schemas/BillingData')!;
    const valid = (cardDetails: unknown) => billing({ ...demoBilling, card_details: cardDetails });
    expect(valid(demoBilling.card_details)).toBe(true);
    expect(valid(null)).toBe(true);
    expect(valid('visa')).toBe(false);
  });

  it('names every operation with a unique camelCase operationId', () => {
    const ids = operations.map((o) => o.operation.operationId);
    for (const [i, id] of ids.entries())
      expect(id, `${operations[i]!.method} ${operations[i]!.path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Derived from the verb and the path, so a client's method names are predictable.
    expect(operationNamed(doc, 'getAccountUsers').path).toBe('/api/v1/account/users/');
    expect(operationNamed(doc, 'postAccountNotificationsByKeyDismiss').path).toBe(
      '/api/v1/account/notifications/{key}/dismiss',
    );
  });

  it("names the server it is served for: this process's public URL", () => {
    expect(doc.servers).toEqual([{ url: ctx.app.config.publicUrl, description: expect.any(String) }]);
    expect(new URL(doc.servers![0]!.url).pathname).toBe('/');
  });

  it('declares the bearer token and the telephony service key as security schemes', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.serviceKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: SERVICE_KEY_HEADER,
    });
    expect(doc.security).toEqual([{ bearer: [] }]);
  });

  it('says for every operation which credentials it takes: bearer, service key or none', () => {
    for (const { method, path, operation } of operations) {
      const where = `${method} ${path}`;
      if (
        isGated(path) ||
        path === '/api/v1/auth/me' ||
        path === '/api/v1/auth/logout' ||
        path === '/api/v1/auth/logout-everywhere'
      )
        expect(operation.security, where).toEqual([{ bearer: [] }]);
      else if (path.startsWith('/api/v1/telephony/'))
        expect(operation.security, where).toEqual([{ serviceKey: [] }]);
      else expect(operation.security, where).toEqual([]);
    }
    expect(operations.filter((o) => o.operation.security?.length === 0).map((o) => o.path)).toEqual(
      expect.arrayContaining(PUBLIC_PATHS),
    );
  });

  it('documents every 4xx as the JSON error envelope, whatever the success is', () => {
    let documented = 0;
    for (const { method, path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('4')) continue;
        const where = `${method} ${path} ${status}`;
        expect(Object.keys(response.content ?? {}), where).toEqual(['application/json']);
        expect(isEnvelope(doc, response.content!['application/json']!.schema), where).toBe(true);
        documented++;
      }
    }
    expect(documented).toBeGreaterThan(150);
    expect(resolve(doc, { $ref: '#/components/schemas/Error' }).required).toEqual(['message', 'code']);
  });

  it('documents the refusals every operation can meet: credentials, input, body size and type, rate', () => {
    for (const { method, path, operation } of operations) {
      const where = `${method} ${path}`;
      const statuses = Object.keys(operation.responses);
      if (operation.security?.length) expect(statuses, where).toContain('401');
      if (isGated(path)) expect(statuses, where).toContain('403');
      if (operation.parameters?.length || operation.requestBody) expect(statuses, where).toContain('400');
      if (operation.requestBody) expect(statuses, where).toEqual(expect.arrayContaining(['413', '415']));
    }
    for (const id of [
      'postAuthSession',
      'postAccountUsersSendPinEmail',
      'getContactCard',
      'postAccountNewDevice',
    ])
      expect(Object.keys(operationNamed(doc, id).operation.responses), id).toContain('429');
  });

  it('documents file downloads as binary bodies in their own media types', () => {
    const downloads: Record<string, string> = {
      getAccountLinesPdf: 'application/pdf',
      getAccountLinesVcf: 'text/vcard',
      getAccountLinesQr: 'image/svg+xml',
      getAccountInvoicesDownload: 'application/pdf',
      getAccountCallsDownload: 'text/csv',
      getAccountUsersGetCsvTemplate: 'text/csv',
      getAccountUsersHoldMusicByFile: 'audio/wav',
      getContactCard: 'text/vcard',
    };
    for (const [id, mediaType] of Object.entries(downloads)) {
      const ok = operationNamed(doc, id).operation.responses['200'];
      expect(ok?.content, id).toEqual({ [mediaType]: { schema: { type: 'string', format: 'binary' } } });
    }
  });

  it('documents the users CSV upload as a multipart/form-data body with the file', () => {
    const body = operationNamed(doc, 'postAccountUsers').operation.requestBody;
    expect(Object.keys(body?.content ?? {})).toEqual(['multipart/form-data']);
    const form = resolve(doc, body!.content['multipart/form-data']!.schema);
    expect(form.required).toEqual(['file']);
    expect(form.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('types the telephony call records', () => {
    const body = operationNamed(doc, 'postTelephonyCalls').operation.requestBody;
    const batch = resolve(doc, body?.content['application/json']?.schema);
    const record = resolve(doc, batch.properties?.calls?.items);
    expect(Object.keys(record.properties ?? {}).sort()).toEqual([
      'billed_duration',
      'call_timestamp',
      'call_uuid',
      'caller_id_number',
      'destination',
      'pin',
    ]);
    expect(record.required).toEqual(
      expect.arrayContaining(['call_uuid', 'pin', 'call_timestamp', 'destination', 'billed_duration']),
    );
    expect(record.properties?.pin).toMatchObject({ type: 'string', pattern: '^\\d{4,12}$' });
  });

  it('documents a 204 without a body', () => {
    const done = operationNamed(doc, 'postAccountNotificationsByKeyDismiss').operation.responses['204'];
    expect(done).toBeDefined();
    expect(done!.content).toBeUndefined();
  });
});
