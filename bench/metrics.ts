// bench/metrics: what the metrics page costs. Requests per second of /healthz and of the bare
// primary-key route on a server counting every request (METRICS=on, the default) against the same
// server with METRICS=off, measured in turns (on, off, on, off) so the machine's drift falls on both;
// target: counting keeps at least 0.9 of the requests per second. Beside it, the time to answer one
// /metrics scrape (it reads the job, outbox and payment counts from the database) against one bare
// request, with no target.
// Run: npm run bench:metrics
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, rps, seedDemo, startServer, stopServer as stop } from './support/harness';

const TARGET = 0.9;
const TURNS = 2;

const dataDir = mkdtempSync(join(tmpdir(), 'enq-bench-metrics-'));
const env = { DATA_DIR: dataDir, DATABASE_URL: '' };

async function rates(metrics: 'on' | 'off') {
  const server = await startServer('bench/support/bench-server.ts', { ...env, METRICS: metrics });
  try {
    await rps(`${server.url}/healthz`); // warm-up
    const health = await rps(`${server.url}/healthz`);
    const bare = await rps(`${server.url}/bench/bare`);
    let scrapeMs = 0;
    if (metrics === 'on') {
      const time = async (path: string) => {
        const started = performance.now();
        for (let i = 0; i < 50; i++) await (await fetch(`${server.url}${path}`)).arrayBuffer();
        return (performance.now() - started) / 50;
      };
      scrapeMs = (await time('/metrics')) / (await time('/bench/bare'));
    }
    return { health, bare, scrapeMs };
  } finally {
    await stop(server.child);
  }
}

try {
  await seedDemo(env);
  const on: Awaited<ReturnType<typeof rates>>[] = [];
  const off: Awaited<ReturnType<typeof rates>>[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    on.push(await rates('on'));
    off.push(await rates('off'));
  }
  const ratio = (key: 'health' | 'bare') => median(on.map((r) => r[key])) / median(off.map((r) => r[key]));
  const worst = Math.min(ratio('health'), ratio('bare'));
  console.log(
    `metrics on: /healthz ${on.map((r) => r.health).join(', ')} req/s, bare route ${on.map((r) => r.bare).join(', ')} req/s`,
  );
  console.log(
    `metrics off: /healthz ${off.map((r) => r.health).join(', ')} req/s, bare route ${off.map((r) => r.bare).join(', ')} req/s`,
  );
  console.log(`one /metrics scrape: ${median(on.map((r) => r.scrapeMs)).toFixed(1)}x one bare request`);
  console.log(
    `metrics: ${worst.toFixed(2)} (requests per second counted against not counted, worst route; target >= ${TARGET}): ${worst >= TARGET ? 'met' : 'MISSED'}`,
  );
  if (worst < TARGET) process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
