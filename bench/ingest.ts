// bench/ingest: 100,000 calls through POST /api/v1/telephony/calls in batches of 1,000 (validation,
// rating, credit draw and ledger included) on the embedded database, against inserting the same rows
// with plain SQL (insertCalls, the insert ingest itself runs, once per 1,000) into the same database in
// the same run.
// Run: npm run bench:ingest   (BENCH_CALLS to change the count)
import { SERVICE_KEY_HEADER, TELEPHONY_CALLS_PATH } from '@enq/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/api/src/db/client';
import { seedDemoData, seedReferenceData } from '../apps/api/src/db/seed';
import { DEMO_ADMIN } from '../apps/api/src/db/seed/demo-account';
import { insertCalls } from '../apps/api/src/domain/call-history/calls-repository';
import { LINE_DESTINATIONS } from '../apps/api/src/domain/lines/line-catalogue';
import { startServer, stopServer } from './support/harness';

const TOTAL = Number(process.env.BENCH_CALLS ?? 100_000);
const BATCH = 1000;
const KEY = 'svc_bench_key_0123456789abcdefghij';
const dataDir = mkdtempSync(join(tmpdir(), 'enq-ingest-'));

function makeCalls(prefix: string, pins: string[], count: number) {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    call_uuid: `${prefix}-${i}`,
    pin: pins[i % pins.length]!,
    call_timestamp: new Date(now - 3_600_000 - (i % 86_400) * 20_000).toISOString(),
    destination: LINE_DESTINATIONS[i % LINE_DESTINATIONS.length]!,
    caller_id_number: `+1212555${String(i % 10_000).padStart(4, '0')}`,
    billed_duration: 60 + (i % 1_800),
  }));
}

try {
  // Seed the data dir, read the demo account's PINs, then hand the database to the server.
  let database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  await seedReferenceData(database);
  await seedDemoData(database);
  const [admin] = await database.query<{ account_id: string }>(
    'select account_id from people where email = $1',
    [DEMO_ADMIN.email],
  );
  const pins = (
    await database.query<{ pin: string }>(
      'select pin from people where account_id = $1 and pin is not null',
      [admin!.account_id],
    )
  ).map((r) => r.pin);
  await database.close();

  const server = await startServer('apps/api/src/server.ts', {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    TELEPHONY_SERVICE_KEY: KEY,
  });
  const url = server.url;

  const calls = makeCalls('api', pins, TOTAL);
  const started = performance.now();
  let accepted = 0;
  for (let i = 0; i < calls.length; i += BATCH) {
    const response = await fetch(`${url}${TELEPHONY_CALLS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SERVICE_KEY_HEADER]: KEY },
      body: JSON.stringify({ calls: calls.slice(i, i + BATCH) }),
    });
    const body = (await response.json()) as { accepted: number; rejected: unknown[] };
    if (!response.ok || body.rejected.length)
      throw new Error(`batch ${i / BATCH}: ${JSON.stringify(body).slice(0, 300)}`);
    accepted += body.accepted;
  }
  const apiSeconds = (performance.now() - started) / 1000;
  await stopServer(server.child);

  // Baseline: the same rows straight into the same database with plain SQL.
  database = await openDatabase({ kind: 'pglite', dataDir });
  const [period] = await database.query<{ id: string }>(
    'select id from billing_periods where account_id = $1 and closed_at is null',
    [admin!.account_id],
  );
  const [person] = await database.query<{ id: string }>(
    'select id from people where account_id = $1 limit 1',
    [admin!.account_id],
  );
  const plain = makeCalls('sql', pins, TOTAL);
  const sqlStarted = performance.now();
  for (let i = 0; i < plain.length; i += BATCH) {
    const rows = plain.slice(i, i + BATCH);
    await insertCalls(
      database,
      admin!.account_id,
      rows.map((r) => ({
        uuid: r.call_uuid,
        personId: person!.id,
        userName: 'Bench',
        at: r.call_timestamp,
        destination: r.destination,
        callerId: r.caller_id_number,
        billedSeconds: r.billed_duration,
        rateCc: 3000,
        creditsCc: r.billed_duration * 50,
        periodId: period!.id,
      })),
    );
  }
  const sqlSeconds = (performance.now() - sqlStarted) / 1000;
  const invoices = await database.query<{ n: number }>(
    "select count(*)::int as n from invoices where kind = 'interim'",
  );
  await database.close();

  const apiRate = accepted / apiSeconds;
  const sqlRate = TOTAL / sqlSeconds;
  console.log(
    `API ingest: ${accepted} calls in ${apiSeconds.toFixed(1)} s = ${Math.round(apiRate)} calls/s (${invoices[0]!.n} interim invoices along the way)`,
  );
  console.log(
    `plain SQL insert: ${TOTAL} rows in ${sqlSeconds.toFixed(1)} s = ${Math.round(sqlRate)} rows/s`,
  );
  console.log(
    `ingest: ${Math.round(apiRate)} calls/s, ratio ${(apiRate / sqlRate).toFixed(2)} of plain SQL (targets: >= 5000 calls/s, ratio >= 0.25)`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
