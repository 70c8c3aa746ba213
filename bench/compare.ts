// bench/compare: builds of the page side by side in one run, each against the first. Each build gets
// its own server (on its own copy of the demo data) and the same browser; cold visits go round the
// builds, starting one further each round (A B C, B C A, C A B, ...), so that the machine's drift
// during the run (its load rises with the benchmark's own) falls on all alike. Benchmarks run one
// after the other put every later build on a busier machine: on 2026-11-27 a build that changed only
// Call History's code measured the overview (which loads none of it) at 1,307 and 1,242 ms when run
// second, against 1,098 and 1,120 ms for the build before it, run first.
// Prints, for each, the median time to the element in the page's own clock, and its ratio to the first
// build's; then the first contentful paint and the blocking time (the long tasks' time over 50 ms each,
// what Lighthouse's TBT adds up, here unthrottled) until 2 s after the element showed.
// Run: npm run bench:compare -- <dist A> <dist B> [<dist C> ...] [path] [data-testid] [visits]
//   e.g. npm run bench:compare -- /tmp/dist-before apps/web/dist /call-history call-row 12
// A dist is a folder with an index.html. BENCH_WIDTH=390 visits at a phone's width (1280 unless set).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchBrowser } from '../apps/web/e2e/support/browser';
import { coldVisit, type Timing } from './support/cold-visit';
import {
  median,
  repoRoot,
  seedDemo,
  startServer,
  stopServer,
  tokenFor,
  type BenchServer,
} from './support/harness';

const args = process.argv.slice(2);
const isDist = (arg: string) => existsSync(join(resolve(repoRoot, arg), 'index.html'));
const dists = args.filter(isDist);
const [path = '/', testId = 'subscription-summary', visits = '10'] = args.filter((arg) => !isDist(arg));
if (dists.length < 2) {
  console.error(
    'usage: npm run bench:compare -- <dist A> <dist B> [<dist C> ...] [path] [data-testid] [visits]',
  );
  process.exit(1);
}
const rounds = Number(visits);
const width = Number(process.env.BENCH_WIDTH ?? 1280);
const SETTLE_MS = 2000;

interface Build {
  name: string;
  dist: string;
  dataDir: string;
  server?: BenchServer;
  token?: string;
  times: Timing[];
}
const builds: Build[] = dists.map((dist, i) => ({
  name: String.fromCharCode(65 + i),
  dist: resolve(repoRoot, dist),
  dataDir: mkdtempSync(join(tmpdir(), 'enq-bench-compare-')),
  times: [],
}));
const browser = await launchBrowser();
try {
  for (const build of builds) {
    const env = { DATA_DIR: build.dataDir, DATABASE_URL: '' };
    await seedDemo(env);
    build.token = await tokenFor(env);
    build.server = await startServer('bench/support/bench-server.ts', { ...env, WEB_DIST: build.dist });
  }
  const visit = ({ server, token }: Build) =>
    coldVisit(browser, `${server!.url}${path}`, token!, testId, { settleMs: SETTLE_MS, width });
  // Warm-up: each server's first reads of its built files.
  for (const build of builds) await visit(build);
  const loadAtStart = loadavg()[0]!;
  for (let round = 0; round < rounds; round++)
    for (let i = 0; i < builds.length; i++) {
      const build = builds[(round + i) % builds.length]!;
      build.times.push(await visit(build));
    }
  const shown = (times: Timing[]) => times.map((t) => t.inPage);
  const ms = (values: number[]) => `${Math.round(median(values))} ms`;
  const baseline = median(shown(builds[0]!.times));
  console.log(
    `${path} [data-testid=${testId}] at ${width} px, ${rounds} rounds, load average ${loadAtStart.toFixed(2)} at the start and ${loadavg()[0]!.toFixed(2)} at the end`,
  );
  for (const { name, dist, times } of builds)
    console.log(
      `${name} ${dist}: ${ms(shown(times))} (${shown(times).map(Math.round).join(' ')}), ${(median(shown(times)) / baseline).toFixed(2)} of A; first paint ${ms(times.flatMap((t) => t.firstPaint ?? []))}, blocking time ${ms(times.map((t) => t.blocking!))}`,
    );
} finally {
  await browser.close();
  for (const { server, dataDir } of builds) {
    if (server) await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
