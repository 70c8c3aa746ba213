// bench/overview: what the landing page costs.
// 1. Requests per second of GET /api/v1/account/ (the overview) next to the bare one-query route of the
//    same server in the same run, on embedded PGlite and, when DATABASE_URL is set, on PostgreSQL
//    (target ratio >= 0.5 on each). Beside it, with no target, the two answers the overview asks once it
//    shows (spend control, and the forecast with the plan advisor), against the same bare route.
// 2. The portal's first load in Chromium, signed in: the gzip size of every JavaScript response fetched
//    until the overview's subscription summary is visible (target <= 120 KB), and the time to that
//    point against the time to load a blank page (/site/site.css) from the same server, as a ratio
//    (target <= 4x); the same for Call History's first row of calls (target <= 5x). Each is a cold
//    visit in a new context, timed in the page's own clock from navigation start (the figures seen
//    from the bench, which add the browser's and Playwright's own time, are printed beside them).
// A missed target fails the run (exit code 1); the test run never runs this.
// It needs a built page: WEB_DIST if set, else apps/web/dist.
// Run: npm run bench:overview  (DATABASE_URL=postgres://... to include PostgreSQL)
import { API_ACCOUNT_BASE, PLAN_PATHS, SPEND_CONTROL_PATHS } from '@enq/contract';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../apps/web/e2e/support/browser';
import {
  freshPostgresDatabase,
  median,
  repoRoot,
  rps,
  seedDemo,
  startServer,
  stopServer as stop,
  tokenFor,
} from './support/harness';
import { coldVisit, type Timing } from './support/cold-visit';

const RPS_TARGET = 0.5;
const JS_TARGET_KB = 120;
const OVERVIEW_TARGET = 4;
const CALLS_TARGET = 5;
const LOAD_RUNS = 5;

const webDist = resolve(repoRoot, process.env.WEB_DIST ?? 'apps/web/dist');
if (!existsSync(join(webDist, 'index.html'))) {
  console.error(
    `bench/overview needs a built page in ${webDist}: run \`npm run build\`, or build elsewhere ` +
      '(`npx vite build --outDir DIR` in apps/web) and set WEB_DIST=DIR.',
  );
  process.exit(1);
}

interface FirstLoad {
  jsBytes: number;
  chunks: { name: string; gzip: number }[];
  overview: Timing;
  calls: Timing;
  blank: Timing;
  /** Each round's overview and Call History against that round's blank page, in the page's clock. */
  rounds: { overview: number; calls: number }[];
}

const medianTiming = (timings: Timing[]): Timing => ({
  inPage: median(timings.map((t) => t.inPage)),
  outside: median(timings.map((t) => t.outside)),
});

/** LOAD_RUNS rounds of three cold visits (the overview, Call History, a blank page), after one warm-up. */
async function firstLoad(browser: Browser, url: string, token: string): Promise<FirstLoad> {
  const overview: Timing[] = [];
  const calls: Timing[] = [];
  const blank: Timing[] = [];
  let chunks: FirstLoad['chunks'] = [];
  for (let run = 0; run <= LOAD_RUNS; run++) {
    const scripts: Promise<{ name: string; gzip: number }>[] = [];
    let shown = false;
    const overviewTiming = await coldVisit(browser, `${url}/`, token, 'subscription-summary', {
      onPage: (page) =>
        page.on('response', (response) => {
          if (shown || response.request().resourceType() !== 'script') return;
          scripts.push(
            (async () => {
              const headers = response.headers();
              const encoding = headers['content-encoding'];
              // Already compressed on the wire: count what travelled (read from the headers, which stay
              // readable once the visit has closed its page); otherwise what gzip would send.
              const gzip =
                encoding === 'gzip' || encoding === 'br'
                  ? Number(headers['content-length'] ?? (await response.request().sizes()).responseBodySize)
                  : gzipSync(await response.body()).length;
              return { name: basename(new URL(response.url()).pathname), gzip };
            })(),
          );
        }),
    });
    shown = true;
    const loaded = await Promise.all(scripts);
    const callsTiming = await coldVisit(browser, `${url}/call-history`, token, 'call-row');
    const blankTiming = await coldVisit(browser, `${url}/site/site.css`, token);
    if (run === 0) continue; // warm-up: the server's first reads of the built files
    overview.push(overviewTiming);
    calls.push(callsTiming);
    blank.push(blankTiming);
    chunks = loaded.sort((a, b) => b.gzip - a.gzip);
  }
  return {
    jsBytes: chunks.reduce((sum, c) => sum + c.gzip, 0),
    chunks,
    overview: medianTiming(overview),
    calls: medianTiming(calls),
    blank: medianTiming(blank),
    rounds: blank.map((b, i) => ({
      overview: overview[i]!.inPage / b.inPage,
      calls: calls[i]!.inPage / b.inPage,
    })),
  };
}

async function measure(label: string, env: Record<string, string>, browser: Browser | null) {
  const token = await tokenFor(env);
  const auth = { authorization: `Bearer ${token}` };
  const server = await startServer('bench/support/bench-server.ts', { ...env, WEB_DIST: webDist });
  try {
    const overviewUrl = `${server.url}/api/v1/account/`;
    const check = await fetch(overviewUrl, { headers: auth });
    if (!check.ok) throw new Error(`GET /api/v1/account/ answered ${check.status}`);
    await rps(`${server.url}/bench/bare`); // warm-up
    const bare = await rps(`${server.url}/bench/bare`);
    const overview = await rps(overviewUrl, auth);
    const ratio = overview / bare;
    console.log(
      `${label}: bare PK route ${bare} req/s | GET /api/v1/account/ ${overview} req/s (ratio ${ratio.toFixed(2)})`,
    );
    const after: string[] = [];
    for (const path of [SPEND_CONTROL_PATHS.state, PLAN_PATHS.forecast]) {
      const answers = await rps(`${server.url}${API_ACCOUNT_BASE}${path}`, auth);
      after.push(`${API_ACCOUNT_BASE}${path} ${answers} req/s (${(answers / bare).toFixed(3)})`);
    }
    console.log(`${label}: asked once the overview shows: ${after.join(' | ')}`);
    const load = browser ? await firstLoad(browser, server.url, token) : null;
    return { ratio, load };
  } finally {
    await stop(server.child);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'enq-bench-overview-'));
const browser = await launchBrowser();
try {
  await seedDemo({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const pglite = await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, browser);
  const ratios = [pglite.ratio];
  if (process.env.DATABASE_URL) {
    const postgres = await freshPostgresDatabase(process.env.DATABASE_URL);
    try {
      ratios.push((await measure('PostgreSQL', { DATABASE_URL: postgres.url }, null)).ratio);
    } finally {
      await postgres.drop();
    }
  }
  const load = pglite.load!;
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `first load of / (${webDist}): ${kb(load.jsBytes)} KB of gzip JavaScript in ${load.chunks.length} files: ` +
      load.chunks.map((c) => `${c.name} ${kb(c.gzip)} KB`).join(', '),
  );
  const ms = (t: number) => `${Math.round(t)} ms`;
  const overviewRatio = load.overview.inPage / load.blank.inPage;
  const callsRatio = load.calls.inPage / load.blank.inPage;
  console.log(
    `from navigation start, in the page's clock (medians of ${LOAD_RUNS} cold visits): the overview visible ` +
      `${ms(load.overview.inPage)}, Call History's first row ${ms(load.calls.inPage)}, a blank page loaded ` +
      `${ms(load.blank.inPage)}; seen from the bench (goto to the same point): ${ms(load.overview.outside)}, ` +
      `${ms(load.calls.outside)}, ${ms(load.blank.outside)} (` +
      `${(load.overview.outside / load.blank.outside).toFixed(1)}x, ${(load.calls.outside / load.blank.outside).toFixed(1)}x)`,
  );
  // The targets are read from the medians above; each round's own ratios show how far one visit
  // strays from them (a round's three visits are made one after the other, so they share the
  // machine's load of that moment).
  console.log(
    `each round, against its own blank page (overview, Call History): ` +
      load.rounds.map((r) => `${r.overview.toFixed(1)}x ${r.calls.toFixed(1)}x`).join(' | '),
  );
  const worst = Math.min(...ratios);
  const checks = [
    [
      `overview API ${worst.toFixed(2)}x the bare route (worst driver)`,
      worst >= RPS_TARGET,
      `>= ${RPS_TARGET}`,
    ],
    [
      `first-load JS ${kb(load.jsBytes)} KB gzip`,
      load.jsBytes / 1024 <= JS_TARGET_KB,
      `<= ${JS_TARGET_KB} KB`,
    ],
    [
      `overview visible ${overviewRatio.toFixed(1)}x a blank page`,
      overviewRatio <= OVERVIEW_TARGET,
      `<= ${OVERVIEW_TARGET}x`,
    ],
    [
      `Call History's first row ${callsRatio.toFixed(1)}x a blank page`,
      callsRatio <= CALLS_TARGET,
      `<= ${CALLS_TARGET}x`,
    ],
  ] as const;
  for (const [figure, met, target] of checks)
    console.log(`overview: ${figure} (target ${target}): ${met ? 'met' : 'MISSED'}`);
  if (checks.some(([, met]) => !met)) {
    console.log('bench:overview: a target was missed');
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  rmSync(dataDir, { recursive: true, force: true });
}
