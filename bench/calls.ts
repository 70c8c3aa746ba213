// bench/calls: two accounts holding BENCH_CALLS (default 1,000,000) calls each on the embedded
// database. Fills them with gen-calls' code path (generateCalls: the engine's rate table and creditsForCall, plain
// unnest inserts), then starts the real server on that data dir and measures over loopback HTTP:
// - GET /calls/ for the first, a middle and the last page of the whole span (median and p95),
// - GET /calls/download/ of the whole span: rows/s, time to first byte, the server's peak RSS growth
//   (read from /proc), and /healthz latency (p99) polled while the export runs,
// - four such downloads at once, as many from each account as one account may run
//   (CALL_DOWNLOADS_PER_ACCOUNT): the server's peak RSS growth and /healthz p99 against issue 17's
//   targets for four (128 MB, 100 ms).
// Run: npm run bench:calls   (BENCH_CALLS to change the count; not part of npm test)
// BENCH_DATA_DIR=<dir> keeps the filled data dir there, and a later run reuses it instead of filling.
import { API_ACCOUNT_BASE, CALL_DOWNLOADS_PER_ACCOUNT, CALL_PATHS } from '@enq/contract';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/db/client';
import { seedDemoData, seedReferenceData } from '../apps/api/src/db/seed';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../apps/api/src/db/seed/demo-account';
import { issueApiToken } from '../apps/api/src/domain/auth/api-tokens';
import { RateTable } from '../apps/api/src/domain/call-rates/rates';
import { generateCalls } from '../apps/api/src/domain/call-history/generate-calls';
import { startServer, stopServer } from './support/harness';

const TOTAL = Number(process.env.BENCH_CALLS ?? 1_000_000);
const RUNS = 200;
/**
 * Requests first, to warm the freshly started server (JIT, caches) before measuring: its first hundred
 * or so pages were measured at 6 to 22 ms, the later ones at about 3.
 */
const WARMUP = 100;
const keptDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'enq-calls-'));
const reuse = keptDir !== undefined && existsSync(join(keptDir, 'pgdata'));

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (v: number) => `${v.toFixed(2)} ms`;
const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/**
 * Issue 17's targets for four 1M-row exports at once: the server's resident growth and /healthz p99.
 * One account may run only CALL_DOWNLOADS_PER_ACCOUNT exports at once (the next is answered 429), so
 * the four are that many from each of two accounts holding the same number of calls.
 */
const ACCOUNTS = 2;
const CONCURRENT = ACCOUNTS * CALL_DOWNLOADS_PER_ACCOUNT;
const CONCURRENT_RSS_MB = 128;
const CONCURRENT_HEALTH_MS = 100;

interface ExportResult {
  rows: number;
  bytes: number;
  ms: number;
  ttfb: number;
}

/** One CSV download read to its end: its rows (line ends less the header), bytes and timings. */
async function readExport(download: string, headers: Record<string, string>): Promise<ExportResult> {
  const started = performance.now();
  const response = await fetch(download, { headers });
  if (!response.ok) throw new Error(`CSV export: ${response.status}`);
  let ttfb = 0;
  let newlines = 0;
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (!ttfb) ttfb = performance.now() - started;
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
  }
  return { rows: newlines - 1, bytes, ms: performance.now() - started, ttfb };
}

/**
 * One download per entry of `headers` (whose token it carries), all at once, with /healthz polled and the server's RSS (from /proc) sampled until the
 * last one ends: the peak growth over the RSS before they started, and the p99 of /healthz.
 */
async function measureExports(url: string, download: string, headers: Record<string, string>[], pid: number) {
  const rssBefore = rssKb(pid);
  let rssPeak = rssBefore;
  let exporting = true;
  const health: number[] = [];
  const healthLoop = (async () => {
    while (exporting) {
      const started = performance.now();
      await (await fetch(`${url}/healthz`)).text();
      health.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, rssKb(pid))), 20);
  try {
    const exports = await Promise.all(headers.map((h) => readExport(download, h)));
    return {
      exports,
      growthMb: ((rssPeak - rssBefore) * 1024) / 1e6,
      healthCount: health.length,
      healthP99: quantile(health, 0.99),
    };
  } finally {
    exporting = false;
    clearInterval(rssTimer);
    await healthLoop;
  }
}

try {
  // 1. Fill: the demo account plus TOTAL generated calls over the last 12 months.
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  if (!reuse) {
    await seedReferenceData(database);
    await seedDemoData(database);
  }
  const to = new Date();
  const from = new Date(to.getTime() - 365 * 86_400_000);
  /** Each demo account's admin, its account filled to TOTAL calls on the gen-calls code path. */
  const fill = async (email: string) => {
    const [admin] = await database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [email],
    );
    const count = async () =>
      (
        await database.query<{ n: number }>('select count(*)::int as n from calls where account_id = $1', [
          admin!.account_id,
        ])
      )[0]!.n;
    if ((await count()) < TOTAL)
      await generateCalls(
        { database, rates: await RateTable.load(database) },
        { accountId: admin!.account_id, count: TOTAL, from, to },
      );
    return { n: await count(), token: (await issueApiToken(database, admin!.id)).token };
  };
  const fillStarted = performance.now();
  const filled = [await fill(DEMO_ADMIN.email), await fill(DEMO_ANNUAL.email)];
  const fillSeconds = (performance.now() - fillStarted) / 1000;
  const [{ n, token }] = filled as [{ n: number; token: string }];
  await database.close();
  console.log(
    `${reuse ? `reused ${dataDir}; ` : ''}the ${ACCOUNTS} accounts hold ${filled.map((f) => f.n).join(' and ')} calls` +
      ` (filling took ${fillSeconds.toFixed(1)} s, gen-calls code path)`,
  );

  // 2. The real server on that data dir.
  const server = await startServer('apps/api/src/server.ts', { DATA_DIR: dataDir, DATABASE_URL: '' });
  const { url } = server;
  const headers = { authorization: `Bearer ${token}` };

  try {
    // The whole span, generously: every call of the account.
    const rangeFrom = Math.floor(from.getTime() / 1000) - 400 * 86_400;
    const rangeTo = Math.floor(to.getTime() / 1000) + 86_400;
    const list = (page: number) =>
      `${url}${API_ACCOUNT_BASE}${CALL_PATHS.list}?timestampFrom=${rangeFrom}&timestampTo=${rangeTo}&page=${page}`;
    const first = (await (await fetch(list(1), { headers })).json()) as { total_pages: number };
    const pages = first.total_pages;
    const timePage = async (page: number) => {
      const times: number[] = [];
      const trips: number[] = [];
      for (let i = 0; i < RUNS + WARMUP; i++) {
        const started = performance.now();
        const response = await fetch(list(page), { headers });
        const body = (await response.json()) as { calls: unknown[] };
        const elapsed = performance.now() - started;
        if (!response.ok || body.calls.length === 0) throw new Error(`page ${page}: ${response.status}`);
        // Server time: the route's server-timing header (request received to answer sent).
        const server = Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1]);
        if (i >= WARMUP) {
          times.push(server);
          trips.push(elapsed);
        }
      }
      return { median: quantile(times, 0.5), p95: quantile(times, 0.95), trip: quantile(trips, 0.5) };
    };
    const firstPage = await timePage(1);
    const middlePage = await timePage(Math.ceil(pages / 2));
    const lastPage = await timePage(pages);
    const base = firstPage.p95;
    const ratio = (v: number) => `${(v / base).toFixed(2)}x first`;
    console.log(`${pages} pages of 25 over the whole span`);
    for (const [name, t] of [
      ['first page', firstPage],
      ['middle page', middlePage],
      ['last page', lastPage],
    ] as const) {
      console.log(
        `${name}: server median ${ms(t.median)}, p95 ${ms(t.p95)} (${ratio(t.p95)}); loopback round trip median ${ms(t.trip)}`,
      );
    }

    // 3. The CSV of everything, alone and then CONCURRENT at once, with /healthz polled and the server's
    // RSS sampled meanwhile.
    const download = `${url}${API_ACCOUNT_BASE}${CALL_PATHS.download}?timestampFrom=${rangeFrom}&timestampTo=${rangeTo}`;
    const pid = server.child.pid!;
    const one = await measureExports(url, download, [headers], pid);
    const [single] = one.exports as [ExportResult];
    if (single.rows !== n) throw new Error(`the CSV has ${single.rows} rows, the account ${n}`);
    const rowsPerSecond = single.rows / (single.ms / 1000);
    const growthMb = one.growthMb;
    const healthP99 = one.healthP99;
    console.log(
      `CSV export: ${single.rows} rows, ${(single.bytes / 1e6).toFixed(1)} MB in ${(single.ms / 1000).toFixed(2)} s = ${Math.round(rowsPerSecond)} rows/s (${(single.ms / base).toFixed(0)}x first page)`,
    );
    console.log(`CSV time to first byte: ${ms(single.ttfb)} (${ratio(single.ttfb)})`);
    console.log(`server peak RSS growth during the export: ${growthMb.toFixed(1)} MB`);
    console.log(
      `/healthz during the export: ${one.healthCount} requests, p99 ${ms(healthP99)} (${ratio(healthP99)})`,
    );
    const perExport = filled.flatMap((f) =>
      Array.from({ length: CALL_DOWNLOADS_PER_ACCOUNT }, () => ({
        n: f.n,
        authorization: `Bearer ${f.token}`,
      })),
    );
    const four = await measureExports(
      url,
      download,
      perExport.map(({ authorization }) => ({ authorization })),
      pid,
    );
    four.exports.forEach((e, i) => {
      if (e.rows !== perExport[i]!.n)
        throw new Error(`a CSV has ${e.rows} rows, its account ${perExport[i]!.n}`);
    });
    const slowest = Math.max(...four.exports.map((e) => e.ms));
    const fourRowsPerSecond = four.exports.reduce((sum, e) => sum + e.rows, 0) / (slowest / 1000);
    console.log(
      `${CONCURRENT} concurrent CSV exports: ${Math.round(fourRowsPerSecond)} rows/s in all, the slowest ${(slowest / 1000).toFixed(2)} s; ` +
        `server peak RSS growth ${four.growthMb.toFixed(1)} MB (${(four.growthMb / CONCURRENT_RSS_MB).toFixed(2)}x the ${CONCURRENT_RSS_MB} MB target); ` +
        `/healthz ${four.healthCount} requests, p99 ${ms(four.healthP99)} (${(four.healthP99 / CONCURRENT_HEALTH_MS).toFixed(2)}x the ${CONCURRENT_HEALTH_MS} ms target)`,
    );
    const verdict = [
      firstPage.p95 <= 10 ? 'first p95 ok' : 'first p95 OVER 10 ms',
      lastPage.p95 <= 5 * firstPage.p95 ? 'last <= 5x ok' : 'last OVER 5x',
      rowsPerSecond >= 100_000 ? 'rows/s ok' : 'rows/s UNDER 100k',
      growthMb < 64 ? 'memory ok' : 'memory OVER 64 MB',
      healthP99 <= 50 ? 'healthz ok' : 'healthz OVER 50 ms',
      four.growthMb <= CONCURRENT_RSS_MB
        ? `x${CONCURRENT} memory ok`
        : `x${CONCURRENT} memory OVER ${CONCURRENT_RSS_MB} MB`,
      four.healthP99 <= CONCURRENT_HEALTH_MS
        ? `x${CONCURRENT} healthz ok`
        : `x${CONCURRENT} healthz OVER ${CONCURRENT_HEALTH_MS} ms`,
    ].join(', ');
    console.log(
      `calls: ${n} calls; first page p95 ${ms(firstPage.p95)}, middle ${ratio(middlePage.p95)}, last ${ratio(lastPage.p95)}; ` +
        `CSV ${Math.round(rowsPerSecond)} rows/s, TTFB ${ms(single.ttfb)}, +${growthMb.toFixed(1)} MB, /healthz p99 ${ms(healthP99)}; ` +
        `${CONCURRENT} at once +${four.growthMb.toFixed(1)} MB (${(four.growthMb / CONCURRENT_RSS_MB).toFixed(2)}x target), ` +
        `/healthz p99 ${ms(four.healthP99)} (${(four.healthP99 / CONCURRENT_HEALTH_MS).toFixed(2)}x target) (${verdict})`,
    );
  } finally {
    await stopServer(server.child);
  }
} finally {
  if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
}
