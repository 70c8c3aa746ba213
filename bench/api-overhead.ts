// bench/api-overhead: what our auth, validation and serialisation cost per request.
// Requests per second of GET /api/v1/auth/me (authenticated) against a bare primary-key route on the same
// server, on embedded PGlite and, when DATABASE_URL is set, on PostgreSQL; /healthz for context; and the
// time from process start to /readyz on a fresh and on an existing data dir.
// Run: npm run bench  (DATABASE_URL=postgres://... to include PostgreSQL)
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../apps/web/e2e/support/server';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 50;
const root = new URL('..', import.meta.url).pathname;

async function startServer(script: string, env: Record<string, string>) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { url, child, readyMs: performance.now() - started };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function rps(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return Math.round(result.requests.average);
}

async function tokenFor(env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/token.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) =>
      code === 0 ? resolve(out.trim().split('\n').at(-1)!) : reject(new Error(`token exited ${code}`)),
    );
  });
}

async function measure(label: string, env: Record<string, string>) {
  const token = await tokenFor(env);
  const auth = { authorization: `Bearer ${token}` };
  const server = await startServer('bench/support/bench-server.ts', env);
  let health: number, bare: number, me: number, uncached: number;
  try {
    await rps(`${server.url}/healthz`); // warm-up
    health = await rps(`${server.url}/healthz`);
    bare = await rps(`${server.url}/bench/bare`);
    me = await rps(`${server.url}/api/v1/auth/me`, auth);
  } finally {
    await stop(server.child);
  }
  // The same endpoint with the token lookup cache off: every request reads the token from the database.
  const cold = await startServer('bench/support/bench-server.ts', { ...env, TOKEN_CACHE_SECONDS: '0' });
  try {
    uncached = await rps(`${cold.url}/api/v1/auth/me`, auth);
  } finally {
    await stop(cold.child);
  }
  const ratio = me / bare;
  console.log(
    `${label}: /healthz ${health} req/s | bare PK route ${bare} req/s | GET /api/v1/auth/me ${me} req/s ` +
      `(ratio ${ratio.toFixed(2)}) | same with the token cache off ${uncached} req/s (ratio ${(uncached / bare).toFixed(2)})`,
  );
  return ratio;
}

const dataDir = mkdtempSync(join(tmpdir(), 'enq-bench-'));
try {
  const fresh = await startServer('apps/api/src/server.ts', { DATA_DIR: dataDir, DATABASE_URL: '' });
  await stop(fresh.child);
  const existing = await startServer('apps/api/src/server.ts', { DATA_DIR: dataDir, DATABASE_URL: '' });
  await stop(existing.child);
  console.log(
    `start to /readyz: fresh data dir ${Math.round(fresh.readyMs)} ms, existing data dir ${Math.round(existing.readyMs)} ms`,
  );

  const ratios = [await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' })];
  if (process.env.DATABASE_URL)
    ratios.push(await measure('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL }));
  const worst = Math.min(...ratios);
  console.log(
    `api-overhead: ${worst.toFixed(2)} (ratio of authenticated /auth/me to the bare primary-key route, worst driver; target >= 0.5)`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
