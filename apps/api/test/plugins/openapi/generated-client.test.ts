import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../src/domain/auth/api-tokens';
import { createTestApp, type TestContext } from '../../helpers/app';
import { CLIENT_SOURCE } from '../../helpers/openapi-client-source';
import { servedDocument } from '../../helpers/openapi-document';

const KEY = 'svc_openapi_client_key_long_enough_42';
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** openapi-fetch's fetch, answered by the app in process. */
const viaInject =
  (app: App) =>
  async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(payload ? { payload } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      for (const one of [value ?? []].flat()) headers.append(name, String(one));
    const body = answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload);
    return new Response(body, { status: answer.statusCode, headers });
  };

/** The compiler's complaints about the files a tsconfig names, one line each. */
function diagnosticsOf(tsconfig: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  return [...parsed.errors, ...ts.getPreEmitDiagnostics(program)].map((d) => {
    const where = d.file
      ? `${d.file.fileName}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('a client generated from the served document', () => {
  let ctx: TestContext;
  let dir: string;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { TELEPHONY_SERVICE_KEY: KEY });
    // Inside the repository, so the client resolves openapi-fetch and the base tsconfig like any module.
    mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
    dir = mkdtempSync(join(ROOT, 'node_modules/.cache/openapi-client-'));
    // defaultNonNullable off: a request field with a default (a call record's caller_id_number) is
    // optional to send; the document's response schemas list such fields as required themselves.
    const doc = await servedDocument(ctx.app);
    const types = astToString(await openapiTS(doc as never, { silent: true, defaultNonNullable: false }));
    writeFileSync(join(dir, 'api.ts'), types);
    writeFileSync(join(dir, 'client.ts'), CLIENT_SOURCE);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(ROOT, 'tsconfig.base.json'),
        compilerOptions: { lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: [] },
        files: ['client.ts'],
      }),
    );
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
  });

  it('type-checks with openapi-typescript types and openapi-fetch, and refuses the mistakes', () => {
    expect(diagnosticsOf(join(dir, 'tsconfig.json'))).toEqual([]);
  });

  it('works against the app: typed answers, a file, a typed refusal, a multipart upload, call records', async () => {
    const js = ts.transpileModule(CLIENT_SOURCE, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(join(dir, 'client.mjs'), js);
    const client = (await import(pathToFileURL(join(dir, 'client.mjs')).href)) as {
      tour: (fetch: unknown, token: string, key: string, pin: string) => Promise<unknown>;
    };
    const [admin] = await ctx.database.query<{ id: string; pin: string }>(
      'select id, pin from people where email = $1',
      [DEMO_ADMIN.email],
    );
    const { token } = await issueApiToken(ctx.database, admin!.id);
    expect(await client.tour(viaInject(ctx.app), token, KEY, admin!.pin)).toEqual({
      email: DEMO_ADMIN.email,
      pdf: { type: 'application/pdf', start: '%PDF-' },
      refusal: { status: 404, code: 'NOT_FOUND', field: 'invoice_id' },
      added: 'Tour Guide',
      accepted: 1,
      allowed: true,
    });
  });
});
