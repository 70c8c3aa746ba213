import { SERVICE_KEY_HEADER } from '@enq/contract';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../src/domain/auth/api-tokens';
import { createTestApp, type TestContext } from '../../helpers/app';
import { staffToken } from '../../helpers/staff';
import {
  fillPath,
  operationNamed,
  operationsOf,
  servedDocument,
  type Document,
} from '../../helpers/openapi-document';

const KEY = 'svc_openapi_test_key_long_enough_0123';

/**
 * OpenAPI 3.0 schemas as the JSON Schema ajv reads: a boolean exclusiveMinimum/Maximum becomes the bound,
 * and `nullable` without a `type` (beside anyOf) becomes a null branch (ajv reads it only with a type).
 */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = toJsonSchema(child);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag]) out[flag] = out[bound];
    else delete out[flag];
    delete out[bound];
  }
  if (out.nullable === true && out.type === undefined) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

const pointer = (...segments: string[]) =>
  segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

// Every response here is checked against the document: the status is documented for the operation,
// the media type is one it lists, and a JSON body validates against the documented schema.
describe('real responses match the served OpenAPI document', () => {
  let ctx: TestContext;
  let doc: Document;
  let ajv: Ajv;
  let admin: Record<string, string>;
  let staff: Record<string, string>;
  let pin: string;
  const service = { [SERVICE_KEY_HEADER]: KEY };
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { TELEPHONY_SERVICE_KEY: KEY });
    doc = await servedDocument(ctx.app);
    ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(toJsonSchema(doc) as object, 'openapi.json');
    const tokenOf = async (email: string) => {
      const [person] = await ctx.database.query<{ id: string; pin: string }>(
        'select id, pin from people where email = $1',
        [email],
      );
      return { person: person!, token: (await issueApiToken(ctx.database, person!.id)).token };
    };
    const a = await tokenOf(DEMO_ADMIN.email);
    admin = { authorization: `Bearer ${a.token}` };
    pin = a.person.pin;
    // As a console sign-in (with its second factor) issues it.
    staff = { authorization: `Bearer ${(await staffToken(ctx.database, 'admin')).token}` };
  });
  afterAll(() => ctx?.close());

  let checked = 0;
  function expectDocumented(operationId: string, response: InjectResponse): void {
    const { method, path, operation } = operationNamed(doc, operationId);
    const status = String(response.statusCode);
    const where = `${operationId} answered ${status}: ${response.body.slice(0, 300)}`;
    const documented = operation.responses[status];
    expect(documented, where).toBeDefined();
    const mediaType = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (!documented!.content) {
      expect(response.body, where).toBe('');
    } else {
      expect(Object.keys(documented!.content), where).toContain(mediaType);
      if (mediaType === 'application/json') {
        const at = pointer('paths', path, method.toLowerCase(), 'responses', status, 'content', mediaType);
        const validate = ajv.getSchema(`openapi.json#/${at}/schema`) as ValidateFunction;
        expect(validate(response.json()), `${where}\n${JSON.stringify(validate.errors)}`).toBe(true);
      } else expect(response.rawPayload.length, where).toBeGreaterThan(0);
    }
    checked++;
  }
  const call = async (
    operationId: string,
    options: { headers?: Record<string, string>; query?: string; params?: Record<string, string> } & (
      { payload?: unknown } | { raw: string; contentType: string }
    ) = {},
  ) => {
    const { method, path } = operationNamed(doc, operationId);
    const url = fillPath(path, options.params) + (options.query ? `?${options.query}` : '');
    const raw = 'raw' in options ? options : null;
    const response = await ctx.app.inject({
      method: method as 'GET',
      url,
      headers: { ...options.headers, ...(raw ? { 'content-type': raw.contentType } : {}) },
      ...(raw ? { payload: raw.raw } : 'payload' in options ? { payload: options.payload as object } : {}),
    });
    expectDocumented(operationId, response);
    return response;
  };

  it('every operation refuses a caller without its credentials with a documented 401, the wrong identity with a 403', async () => {
    // The checks below can fail: the document's envelope refuses a body without its message.
    const envelope = ajv.getSchema('openapi.json#/components/schemas/Error') as ValidateFunction;
    expect([envelope({ code: 'X', message: 'm' }), envelope({ code: 'X' })]).toEqual([true, false]);
    for (const { method, path, operation } of operationsOf(doc)) {
      const id = operation.operationId!;
      const response = await ctx.app.inject({ method: method as 'GET', url: fillPath(path) });
      if (operation.security?.length) {
        expect(response.statusCode, `${method} ${path}`).toBe(401);
        expectDocumented(id, response);
      } else expect(response.statusCode, `${method} ${path}`).not.toBe(401);
      if (operation.responses['403'] && operation.security?.[0]?.bearer) {
        // Staff on the account routes; an account holder on the console's.
        const console = path.startsWith('/api/v1/admin/');
        const refused = await ctx.app.inject({
          method: method as 'GET',
          url: fillPath(path),
          headers: console ? admin : staff,
        });
        expect(refused.statusCode, `${method} ${path} as ${console ? 'an account holder' : 'staff'}`).toBe(
          403,
        );
        expectDocumented(id, refused);
      }
    }
  });

  it('every GET without required parameters answers what the document says', async () => {
    const gets = operationsOf(doc).filter(
      (o) => o.method === 'GET' && !o.operation.parameters?.some((p) => p.required),
    );
    expect(gets.length).toBeGreaterThan(20);
    const refused: string[] = [];
    for (const { operation } of gets) {
      const headers = operation.security?.[0]?.serviceKey
        ? service
        : operation.operationId!.startsWith('getAdmin')
          ? staff
          : admin;
      const response = await call(operation.operationId!, { headers });
      if (response.statusCode >= 300) refused.push(operation.operationId!);
    }
    // The calls CSV needs an invoice or a range: one of two, which its parameters cannot mark required.
    // Keeping the plan previews only a cancellation or a change to undo; the demo has neither (409).
    expect(refused).toEqual(['getAccountSubscriptionKeep', 'getAccountCallsDownload']);
  });

  it('operations with parameters and bodies answer what the document says, files and refusals included', async () => {
    const invoices = (await call('getAccountInvoices', { headers: admin })).json() as {
      invoices: { id: string }[];
    };
    const invoice = `invoice_id=${encodeURIComponent(invoices.invoices[0]!.id)}`;
    expect((await call('getAccountInvoicesDetail', { headers: admin, query: invoice })).statusCode).toBe(200);
    expect((await call('getAccountInvoicesDownload', { headers: admin, query: invoice })).statusCode).toBe(
      200,
    );
    expect((await call('getAccountCallsDownload', { headers: admin, query: invoice })).statusCode).toBe(200);
    const unknown = await call('getAccountInvoicesDetail', { headers: admin, query: 'invoice_id=nope' });
    expect(unknown.statusCode).toBe(404);

    const range = 'timestampFrom=1700000000&timestampTo=1900000000';
    expect((await call('getAccountCalls', { headers: admin, query: range })).statusCode).toBe(200);
    expect((await call('getAccountCallsTotals', { headers: admin, query: range })).statusCode).toBe(200);
    const backwards = 'timestampFrom=1900000000&timestampTo=1700000000';
    expect((await call('getAccountCalls', { headers: admin, query: backwards })).statusCode).toBe(400);

    const users = (await call('getAccountUsers', { headers: admin })).json() as {
      hold_music_list: { value: string }[];
    };
    const track = { file: `${users.hold_music_list[0]!.value}.wav` };
    expect((await call('getAccountUsersHoldMusicByFile', { headers: admin, params: track })).statusCode).toBe(
      200,
    );
    const silence = { file: 'no-such-track.wav' };
    expect(
      (await call('getAccountUsersHoldMusicByFile', { headers: admin, params: silence })).statusCode,
    ).toBe(404);
    // The upload outside multipart/form-data: the plain envelope, not the rows' errors.
    expect((await call('postAccountUsers', { headers: admin, payload: {} })).statusCode).toBe(400);

    expect((await call('getContactCard', { query: `id=${pin}` })).statusCode).toBe(200);
    expect((await call('getTelephonyAuthorize', { headers: service, query: `pin=${pin}` })).statusCode).toBe(
      200,
    );
    const record = {
      call_uuid: 'openapi-1',
      pin,
      call_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
      destination: 'IRS Practitioner Priority Service',
      billed_duration: 60,
    };
    const batch = { calls: [record, { ...record, call_uuid: 'openapi-2', billed_duration: 'long' }] };
    const ingested = await call('postTelephonyCalls', { headers: service, payload: batch });
    expect(ingested.json()).toMatchObject({ accepted: 1, rejected: [{ index: 1 }] });
  });

  it('body refusals (bad, too large, wrong media type) answer as documented', async () => {
    const profile = (await call('getAccountProfile', { headers: admin })).json() as Record<string, string>;
    const bad = await call('putAccountProfile', { headers: admin, payload: { ...profile, email: 'no' } });
    expect(bad.statusCode).toBe(400);
    const huge = { ...profile, first_name: 'x'.repeat(1_100_000) };
    expect((await call('putAccountProfile', { headers: admin, payload: huge })).statusCode).toBe(413);
    const xml = { raw: '<profile/>', contentType: 'application/xml' };
    expect((await call('putAccountProfile', { headers: admin, ...xml })).statusCode).toBe(415);
  });

  it('conflicts and rate limits answer as documented', async () => {
    const cancel = { headers: admin, payload: { reason: 'other' } };
    expect((await call('postAccountSubscriptionCancel', cancel)).statusCode).toBe(200);
    expect((await call('postAccountSubscriptionCancel', cancel)).statusCode).toBe(409);
    let status = 200;
    for (let i = 0; i < 40 && status !== 429; i++)
      status = (await call('getContactCard', { query: `id=${pin}` })).statusCode;
    expect(status).toBe(429);
    expect(checked).toBeGreaterThan(100);
  });
});
