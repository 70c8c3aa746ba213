// bench/compare: two builds of the page, side by side in one run. Each build gets its own server (on
// its own copy of the demo data) and the same browser; cold visits alternate A B, B A, A B, ... so that
// the machine's drift during the run (its load rises with the benchmark's own) falls on both alike.
// Benchmarks run one after the other put every later build on a busier machine: on 2026-11-27 a build
// that changed only Call History's code measured the overview (which loads none of it) at 1,307 and
// 1,242 ms when run second, against 1,098 and 1,120 ms for the build before it, run first.
// Prints, for each, the median time to the element in the page's own clock, and B's as a ratio of A's.
// Run: npm run bench:compare -- <dist A> <dist B> [path] [data-testid] [visits]
//   e.g. npm run bench:compare -- /tmp/dist-before apps/web/dist /call-history call-row 12
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../apps/web/e2e/support/browser';
import { coldVisit } from './support/cold-visit';
import { repoRoot, startServer, stopServer, tokenFor, type BenchServer } from './support/harness';

const [distA, distB, path = '/', testId = 'subscription-summary', visits = '10'] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: npm run bench:compare -- <dist A> <dist B> [path] [data-testid] [visits]');
  process.exit(1);
}
const rounds = Number(visits);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const builds = [distA, distB].map((dist) => ({
  dist: resolve(repoRoot, dist),
  dataDir: '',
  times: [] as number[],
}));
const servers: (BenchServer & { token: string })[] = [];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  for (const build of builds) {
    build.dataDir = mkdtempSync(join(tmpdir(), 'enq-bench-compare-'));
    const env = { DATA_DIR: build.dataDir, DATABASE_URL: '' };
    // A fresh data dir gets the demo account on first start.
    await stopServer((await startServer('apps/api/src/server.ts', env)).child);
    const token = await tokenFor(env);
    const server = await startServer('bench/support/bench-server.ts', { ...env, WEB_DIST: build.dist });
    servers.push({ ...server, token });
  }
  const visit = (k: number) => coldVisit(browser, `${servers[k]!.url}${path}`, servers[k]!.token, testId);
  // Warm-up: each server's first reads of its built files.
  await visit(0);
  await visit(1);
  for (let round = 0; round < rounds; round++)
    for (const k of round % 2 ? [1, 0] : [0, 1]) builds[k]!.times.push((await visit(k)).inPage);
  const [a, b] = builds.map((build) => median(build.times));
  for (const [name, build, m] of [
    ['A', builds[0]!, a!],
    ['B', builds[1]!, b!],
  ] as const)
    console.log(
      `${name} ${build.dist}: ${path} [data-testid=${testId}] ${Math.round(m)} ms (median of ${rounds}: ${build.times.map(Math.round).join(' ')})`,
    );
  console.log(`B / A: ${(b! / a!).toFixed(2)}`);
} finally {
  await browser.close();
  for (const server of servers) await stopServer(server.child);
  for (const build of builds) if (build.dataDir) rmSync(build.dataDir, { recursive: true, force: true });
}
