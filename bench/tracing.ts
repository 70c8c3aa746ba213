// bench/tracing: what OpenTelemetry tracing costs a request. The latency of the overview
// (GET /api/v1/account/, a signed-in read of the database) on three servers running side by side,
// each on its own copy of one seeded PGlite data dir: main's code as it was before tracing, this code
// with OTEL_EXPORTER_OTLP_ENDPOINT unset (off), and with it set (on), exporting to an OTLP receiver in
// this process. The requests go to the three in turn, one at a time, so the machine's drift (other
// work on a shared machine) falls on all three alike. Each server is the built bundle (`npm start`'s),
// since tracing starts in its entry. Target: off within 1.05 of main (off costs nothing); on is
// printed, with no target.
// Run: npm run bench:tracing
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, localServerEnv } from '../apps/api/test/helpers/server-process';
import { buildServer, serverBundle } from '../apps/api/build';
import { median, percentile, repoRoot, stopServer, tokenFor } from './support/harness';

const TARGET_OFF = 1.05;
const ROUNDS = 1500;

const work = mkdtempSync(join(tmpdir(), 'enq-bench-tracing-'));
const dataDir = join(work, 'data');
const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };

/** main's server, built from its own sources (git archive) against this checkout's node_modules. */
function buildMain(): string {
  const tree = join(work, 'main');
  mkdirSync(tree);
  execFileSync('sh', ['-c', `git archive main apps/api packages/contract | tar -x -C ${tree}`], {
    cwd: repoRoot,
  });
  symlinkSync(join(repoRoot, 'node_modules'), join(tree, 'node_modules'));
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/build.ts'], { cwd: tree, stdio: 'inherit' });
  return join(tree, 'apps/api/dist/server.mjs');
}

/** An OTLP/HTTP receiver that takes every export and counts its bytes. */
async function receiver() {
  let bytes = 0;
  const server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    bytes: () => bytes,
    close: () => server.close(),
  };
}

async function start(bundle: string, extra: Record<string, string>, dir = dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [bundle], {
    cwd: repoRoot,
    env: { ...process.env, ...localServerEnv(port), ...env, DATA_DIR: dir, ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${bundle} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One overview request's latency in ms, the body read. */
async function ask(url: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/v1/account/`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`overview answered ${response.status}`);
  return performance.now() - started;
}

const sink = await receiver();
try {
  await buildServer();
  const main = buildMain();
  // The first start seeds the demo; the token is made with no server running.
  const seeding = await start(serverBundle, {});
  await stopServer(seeding.child);
  const token = await tokenFor(env);

  const variants = {
    main: [main, {}],
    off: [serverBundle, {}],
    on: [serverBundle, { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url }],
  } as const;
  type Name = keyof typeof variants;
  const names = Object.keys(variants) as Name[];
  const servers = [];
  for (const name of names) {
    const dir = join(work, `data-${name}`);
    cpSync(dataDir, dir, { recursive: true });
    servers.push(await start(variants[name][0], variants[name][1], dir));
  }
  const times: Record<Name, number[]> = { main: [], off: [], on: [] };
  try {
    for (let round = -100; round < ROUNDS; round++) {
      for (const [i, name] of names.entries()) {
        const ms = await ask(servers[i]!.url, token);
        if (round >= 0) times[name].push(ms); // the first 100 rounds warm up
      }
    }
  } finally {
    for (const server of servers) await stopServer(server.child);
  }
  const p50 = (name: Name) => median(times[name]);
  const p95 = (name: Name) => percentile(times[name], 95);
  for (const name of names)
    console.log(
      `${name}: overview p50 ${p50(name).toFixed(2)} ms, p95 ${p95(name).toFixed(2)} ms (${ROUNDS} requests)`,
    );
  console.log(`spans received while on: ${(sink.bytes() / 1024).toFixed(0)} KB of OTLP JSON`);
  const off = p50('off') / p50('main');
  console.log(
    `tracing off: ${off.toFixed(2)} of main's p50 latency (p95 ${(p95('off') / p95('main')).toFixed(2)}; target <= ${TARGET_OFF}): ${off <= TARGET_OFF ? 'met' : 'MISSED'}`,
  );
  console.log(
    `tracing on: ${(p50('on') / p50('off')).toFixed(2)} of off's p50 latency (p95 ${(p95('on') / p95('off')).toFixed(2)}), ${(p50('on') / p50('main')).toFixed(2)} of main's`,
  );
  if (off > TARGET_OFF) process.exitCode = 1;
} finally {
  sink.close();
  rmSync(work, { recursive: true, force: true });
}
