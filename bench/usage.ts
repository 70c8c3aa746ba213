// bench/usage: what the usage charts cost (USAGE). The demo account is filled to BENCH_USAGE_CALLS
// (default 100,000) calls over the last 12 months on gen-calls' code path (generateCalls), then the real
// server (with the bare one-query route of bench/support/bench-server.ts) answers, over loopback HTTP:
// - GET /calls/usage/ for the current period by user (the overview's card and Call History's default),
//   for the last 30 days by line, for a user's last 30 days, and for the whole year by user (every call),
// each as requests per second next to the bare route in the same run, and the median and p95 time of
// one request at a time. On embedded PGlite, and on PostgreSQL too when DATABASE_URL is set.
// The whole year reads every call; 50 of those at once outwait the pool's connect timeout (the server then
// answers 503 by design), so it is measured with 4 connections. Target: the current period answers one
// request in <= 100 ms (median) on each driver (a missed target fails the run); the ratios are reported.
// Run: npm run bench:usage   (not part of npm test)
import { API_ACCOUNT_BASE, CALL_PATHS } from '@enq/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { seedDemoData, seedReferenceData } from '../apps/api/src/db/seed';
import { DEMO_ADMIN } from '../apps/api/src/db/seed/demo-account';
import { issueApiToken } from '../apps/api/src/domain/auth/api-tokens';
import { RateTable } from '../apps/api/src/domain/call-rates/rates';
import { generateCalls } from '../apps/api/src/domain/call-history/generate-calls';
import { freshPostgresDatabase, percentile, rps, startServer, stopServer } from './support/harness';

const TOTAL = Number(process.env.BENCH_USAGE_CALLS ?? 100_000);
const PERIOD_TARGET_MS = 100;
/** Connections for the whole-year case (see above). */
const YEAR_CONNECTIONS = 4;
const TIMED = 50;

/** The demo account filled to TOTAL calls; its admin's token, the current period and a caller's name. */
async function fill(database: Database) {
  await database.migrate();
  await seedReferenceData(database);
  await seedDemoData(database);
  const [admin] = await database.query<{ id: string; account_id: string }>(
    'select id, account_id from people where email = $1',
    [DEMO_ADMIN.email],
  );
  const to = new Date();
  const started = performance.now();
  await generateCalls(
    { database, rates: await RateTable.load(database) },
    { accountId: admin!.account_id, count: TOTAL, from: new Date(to.getTime() - 365 * 86_400_000), to },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const [stats] = await database.query<{ calls: number; caller: string; from: string; to: string }>(
    `select count(*)::int as calls, (select user_name from calls where account_id = $1 limit 1) as caller,
            floor(extract(epoch from p.starts_at))::text as from, (ceil(extract(epoch from p.ends_at)) - 1)::text as to
       from calls c, billing_periods p
      where c.account_id = $1 and p.account_id = $1 and p.closed_at is null
      group by p.starts_at, p.ends_at order by p.starts_at desc limit 1`,
    [admin!.account_id],
  );
  console.log(`the demo account holds ${stats!.calls} calls (${TOTAL} generated in ${seconds} s)`);
  return {
    token: (await issueApiToken(database, admin!.id)).token,
    period: { from: Number(stats!.from), to: Number(stats!.to) },
    caller: stats!.caller,
  };
}

/** TIMED requests one after another: the median and p95 of one answer's time over loopback, in ms. */
async function latencyMs(url: string, headers: Record<string, string>) {
  const times: number[] = [];
  for (let i = 0; i < TIMED; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

async function measure(label: string, env: Record<string, string>, filled: Awaited<ReturnType<typeof fill>>) {
  const server = await startServer('bench/support/bench-server.ts', env);
  try {
    const headers = { authorization: `Bearer ${filled.token}` };
    const now = Math.floor(Date.now() / 1000);
    const usage = (query: string) => `${server.url}${API_ACCOUNT_BASE}${CALL_PATHS.usage}?${query}`;
    const cases: { name: string; url: string; connections?: number }[] = [
      {
        name: 'current period by user',
        url: usage(`timestampFrom=${filled.period.from}&timestampTo=${filled.period.to}&by=user`),
      },
      {
        name: 'last 30 days by line',
        url: usage(`timestampFrom=${now - 30 * 86_400}&timestampTo=${now}&by=line`),
      },
      {
        name: "one user's last 30 days",
        url: usage(
          `timestampFrom=${now - 30 * 86_400}&timestampTo=${now}&user=${encodeURIComponent(filled.caller)}`,
        ),
      },
      {
        name: `whole year by user, ${YEAR_CONNECTIONS} connections`,
        url: usage(`timestampFrom=${now - 365 * 86_400}&timestampTo=${now}&by=user`),
        connections: YEAR_CONNECTIONS,
      },
    ];
    await rps(`${server.url}/bench/bare`); // warm-up
    const bare = await rps(`${server.url}/bench/bare`);
    console.log(`${label}: bare PK route ${bare} req/s`);
    let periodMs = 0;
    for (const c of cases) {
      const timing = await latencyMs(c.url, headers);
      const rate = await rps(c.url, headers, c.connections);
      const ratio = rate / bare;
      if (c === cases[0]) periodMs = timing.median;
      console.log(
        `${label}: GET /calls/usage/ ${c.name}: ${rate} req/s (ratio ${ratio.toFixed(2)}), ` +
          `one at a time ${timing.median.toFixed(1)} ms median, ${timing.p95.toFixed(1)} ms p95`,
      );
    }
    return periodMs;
  } finally {
    await stopServer(server.child);
  }
}

const results: { label: string; ms: number }[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'enq-bench-usage-'));
try {
  const pglite = await openDatabase({ kind: 'pglite', dataDir });
  const pgliteFilled = await fill(pglite);
  await pglite.close();
  results.push({
    label: 'PGlite',
    ms: await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, pgliteFilled),
  });
  if (process.env.DATABASE_URL) {
    const postgres = await freshPostgresDatabase(process.env.DATABASE_URL);
    try {
      const database = await openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 4 });
      const filled = await fill(database);
      await database.close();
      results.push({
        label: 'PostgreSQL',
        ms: await measure('PostgreSQL', { DATABASE_URL: postgres.url }, filled),
      });
    } finally {
      await postgres.drop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
let missed = false;
for (const r of results) {
  const met = r.ms <= PERIOD_TARGET_MS;
  missed ||= !met;
  console.log(
    `usage: ${r.label} current period ${r.ms.toFixed(1)} ms median (target <= ${PERIOD_TARGET_MS} ms): ${met ? 'met' : 'MISSED'}`,
  );
}
if (missed) {
  console.log('bench:usage: a target was missed');
  process.exitCode = 1;
}
