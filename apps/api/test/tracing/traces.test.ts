import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { issueApiTokenForEmail } from '../../src/domain/auth/api-tokens';
import { drivers, seededDatabaseCopy } from '../helpers/app';
import { SERVER_START_TIMEOUT_MS, startServerProcess, type ServerProcess } from '../helpers/server-process';

/** A span as OTLP/HTTP's JSON encoding sends it (ids in hex, attribute values wrapped by type). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpSpan['attributes'] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}
const SPAN_KIND_SERVER = 2;

const attribute = (span: OtlpSpan | { attributes: OtlpSpan['attributes'] }, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value && Object.values(value)[0];
};

/** An OTLP/HTTP receiver: what the exporter POSTs to /v1/traces, as it arrives. */
async function startReceiver() {
  const received: OtlpExport[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        expect(req.headers['content-type']).toBe('application/json');
        received.push(JSON.parse(body) as OtlpExport);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    spans: () =>
      received.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A preload for the server process that writes down every module it loads: each ES module resolved
 * (a loader hook) and, at exit, every CommonJS module in require's cache.
 */
function moduleLog(dir: string) {
  const log = join(dir, 'modules.log');
  writeFileSync(
    join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(log, resolved.url + '\\n');
  return resolved;
}`,
  );
  writeFileSync(
    join(dir, 'preload.mjs'),
    `import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
register(new URL('./hooks.mjs', import.meta.url), { data: { log: ${JSON.stringify(log)} } });
process.on('exit', () => appendFileSync(${JSON.stringify(log)}, Object.keys(createRequire(import.meta.url).cache).join('\\n') + '\\n'));`,
  );
  return {
    env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${join(dir, 'preload.mjs')}`.trim() },
    loaded: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
  };
}

async function until<T>(what: string, probe: () => T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(drivers)('OpenTelemetry traces (%s)', (driver) => {
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    for (const cleanup of cleanups) await cleanup();
  });

  /** The seeded database a server process runs on, and a token of the demo account's admin. */
  async function seededWithToken() {
    const database = await seededDatabaseCopy(driver);
    cleanups.push(database.drop);
    const db = await openDatabase(
      driver === 'pglite'
        ? { kind: 'pglite', dataDir: database.env.DATA_DIR! }
        : { kind: 'postgres', url: database.env.DATABASE_URL! },
    );
    try {
      return { env: database.env, token: (await issueApiTokenForEmail(db, DEMO_ADMIN.email))!.token };
    } finally {
      await db.close();
    }
  }

  function tempDir() {
    const dir = mkdtempSync(join(tmpdir(), 'enq-otel-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /** A seeded server started with `settings(receiver's url)`, its module log and an OTLP receiver. */
  async function tracedServer(settings: (receiverUrl: string) => Record<string, string>) {
    const { env, token } = await seededWithToken();
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const modules = moduleLog(tempDir());
    const server = await startServerProcess({
      ...env,
      ...modules.env,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      ...settings(receiver.url),
    });
    servers.push(server);
    await server.ready;
    return { token, receiver, modules, server };
  }

  it(
    'sends a request its server span, named for the route, with a database child and the request id',
    async () => {
      const { token, receiver, modules, server } = await tracedServer((url) => ({
        OTEL_EXPORTER_OTLP_ENDPOINT: url,
        LOG_LEVEL: 'debug',
      }));

      const response = await fetch(`${server.url}/api/v1/account/?from=query-kept-out`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      const requestId = response.headers.get('x-request-id')!;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

      const request = await until('the request span', () =>
        receiver.spans().find((span) => attribute(span, 'request_id') === requestId),
      );
      expect(request.kind).toBe(SPAN_KIND_SERVER);
      // The route as Fastify holds it (the prefix's root), not the path asked.
      expect(request.name).toBe('GET /api/v1/account');
      expect(request.parentSpanId ?? '').toBe('');
      expect(attribute(request, 'http.route')).toBe('/api/v1/account');
      expect(Number(attribute(request, 'http.status_code'))).toBe(200);
      expect(attribute(request, 'http.target')).toBe('/api/v1/account/');
      // The statements the overview ran are its children, by text, never with their values.
      const statements = await until('the database spans', () => {
        const found = receiver
          .spans()
          .filter((span) => span.parentSpanId === request.spanId && attribute(span, 'db.statement'));
        return found.length > 0 ? found : undefined;
      });
      expect(statements[0]!.name).toMatch(driver === 'pglite' ? /^pglite\.query:[A-Z]+$/ : /^pg\.query:/);
      expect(statements.every((span) => span.traceId === request.traceId)).toBe(true);
      expect(attribute(statements[0]!, 'db.system')).toBe('postgresql');
      expect(JSON.stringify(receiver.received)).not.toContain(token);
      expect(JSON.stringify(receiver.received)).not.toContain('query-kept-out');

      // A job's run is a trace of its own (the catch-up at start), its statements its children.
      const job = await until('a job span', () =>
        receiver.spans().find((span) => span.name === 'job period-close'),
      );
      expect(job.parentSpanId ?? '').toBe('');
      await until('the job statements', () =>
        receiver.spans().find((span) => span.parentSpanId === job.spanId && attribute(span, 'db.statement')),
      );
      const [resource] = receiver.received[0]!.resourceSpans;
      expect(attribute(resource!.resource, 'service.name')).toBe('enq-portal');

      await server.stop();
      // The request's log lines (written out by the stop) name its trace: each is found from the other.
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { reqId?: string; trace_id?: string; msg: string });
      const logged = lines.filter((line) => line.reqId === requestId);
      expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
      expect(logged.every((line) => line.trace_id === request.traceId)).toBe(true);
      // The control: the module log sees OpenTelemetry when it is loaded.
      expect(
        modules.loaded().some((url) => url.includes('/node_modules/@opentelemetry/sdk-trace-node/')),
      ).toBe(true);
    },
    2 * SERVER_START_TIMEOUT_MS,
  );

  it(
    'exports nothing and loads no OpenTelemetry module when OTEL_EXPORTER_OTLP_ENDPOINT is unset',
    async () => {
      const { token, receiver, modules, server } = await tracedServer((url) => ({
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
        // Where the exporter would send, were it loaded.
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${url}/v1/traces`,
      }));
      const response = await fetch(`${server.url}/api/v1/account/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await server.stop();

      expect(receiver.received).toEqual([]);
      const loaded = modules.loaded();
      expect(loaded.some((url) => url.includes('/node_modules/fastify/'))).toBe(true);
      // Only the API's no-op façade, which prom-client's process metrics load on main too.
      expect(loaded.filter((url) => /@opentelemetry\/(?!api\/)/.test(url))).toEqual([]);
    },
    2 * SERVER_START_TIMEOUT_MS,
  );

  it(
    'stops within its grace when the receiver takes the spans and never answers',
    async () => {
      const { env, token } = await seededWithToken();
      const held: ServerResponse[] = [];
      const silent = createServer((_req, res) => void held.push(res));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => {
        for (const res of held) res.destroy();
        silent.close();
      });
      const server = await startServerProcess({
        ...env,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(silent.address() as { port: number }).port}`,
        OTEL_BSP_SCHEDULE_DELAY: '100',
      });
      servers.push(server);
      await server.ready;
      const response = await fetch(`${server.url}/api/v1/account/`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      await until('an export under way', () => (held.length > 0 ? true : undefined));
      const stopping = performance.now();
      await server.stop();
      expect(server.child.exitCode).toBe(0);
      expect(performance.now() - stopping).toBeLessThan(8000);
    },
    2 * SERVER_START_TIMEOUT_MS,
  );
});
