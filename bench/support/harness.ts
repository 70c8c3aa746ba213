// What every benchmark needs: a server process on a free port, requests per second, and an API token.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, localServerEnv } from '../../apps/api/test/helpers/server-process';

export const repoRoot = new URL('../..', import.meta.url).pathname;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 50;

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** From spawning the process to /readyz answering. */
  readyMs: number;
}

/** Starts `script` (the server, or bench/support/bench-server.ts with its bare route) and waits for /readyz. */
export async function startServer(script: string, env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...localServerEnv(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { url, child, readyMs: performance.now() - started };
}

/** A first start on a fresh data dir (or database) creates the demo accounts; then the server stops. */
export async function seedDemo(env: Record<string, string>): Promise<void> {
  await stopServer((await startServer('apps/api/src/server.ts', env)).child);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Average requests per second over a fixed time; any non-2xx answer fails the benchmark. */
export async function rps(
  url: string,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
): Promise<number> {
  const result = await autocannon({ url, connections, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return Math.round(result.requests.average);
}

/** An API token from `npm run token` (the demo admin by default), on the database `env` points at. */
export function tokenFor(env: Record<string, string>, email?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli/token.ts', ...(email ? [email] : [])],
      {
        cwd: repoRoot,
        env: { ...process.env, ...env },
      },
    );
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) =>
      code === 0 ? resolve(out.trim().split('\n').at(-1)!) : reject(new Error(`token exited ${code}`)),
    );
  });
}

/** A new, empty database on the PostgreSQL server of `serverUrl`, so a run never reads an older run's data. */
export async function freshPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `enq_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** An open invoice with a good card on file, and its account holder's API token. */
export interface Payer {
  token: string;
  invoiceId: string;
}

/** `count` new customers with an open first invoice and a good card (bench/support/open-invoices.ts). */
export function openInvoicesFor(env: Record<string, string>, count: number): Promise<Payer[]> {
  return new Promise((resolve, reject) => {
    let out = '';
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/support/open-invoices.ts', String(count)],
      {
        cwd: repoRoot,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as Payer[])
        : reject(new Error(`open-invoices exited ${code}`)),
    );
  });
}

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The p-th percentile (nearest rank) of latencies in ms. */
export function percentile(latencies: number[], p: number): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Sends every request at once; answers each one's latency in ms (the body read), failing on any other status. */
export async function allAtOnce(
  requests: (() => Promise<Response>)[],
  expectedStatus = 200,
): Promise<number[]> {
  return Promise.all(
    requests.map(async (send) => {
      const started = performance.now();
      const response = await send();
      const body = await response.text();
      const ms = performance.now() - started;
      if (response.status !== expectedStatus)
        throw new Error(`${response.url} answered ${response.status}: ${body.slice(0, 200)}`);
      return ms;
    }),
  );
}
