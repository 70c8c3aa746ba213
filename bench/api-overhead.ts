// bench/api-overhead: what our auth, validation and serialisation cost per request.
// Requests per second of GET /api/v1/auth/me (authenticated) against a bare primary-key route on the same
// server, on embedded PGlite and, when DATABASE_URL is set, on PostgreSQL; /healthz for context; and the
// time from process start to /readyz on a fresh and on an existing data dir.
// Run: npm run bench  (DATABASE_URL=postgres://... to include PostgreSQL)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rps, startServer, stopServer as stop, tokenFor } from './support/harness';

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
