// bench/spend-control: what alert and cap evaluation costs the ingest (SPEND-05). One server, one
// account (the demo's Team monthly practice), batches of 1,000 calls through POST /api/v1/telephony/calls,
// alternating between the account with no thresholds and no cap, and with 20 thresholds (10 percents,
// 10 overage amounts) and a cap; then authorize, with and without a cap and a user limit. Same run,
// same database, so the ratio is what the settings cost.
// Run: npm run bench:spend-control   (BENCH_CALLS to change the count; DATABASE_URL=postgres://... for
// PostgreSQL: a scratch database is made on that server and dropped after; BENCH_FORECAST=1 adds two
// forecast thresholds to the 20, to weigh what an account with one pays: the forecast per batch, SPEND-14)
import {
  API_ACCOUNT_BASE,
  SERVICE_KEY_HEADER,
  SPEND_CONTROL_PATHS,
  TELEPHONY_AUTHORIZE_PATH,
  TELEPHONY_CALLS_PATH,
  type SpendSettingsBody,
} from '@enq/contract';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { seedDemoData, seedReferenceData } from '../apps/api/src/db/seed';
import { DEMO_ADMIN } from '../apps/api/src/db/seed/demo-account';
import { issueApiToken } from '../apps/api/src/domain/auth/api-tokens';
import { LINE_DESTINATIONS } from '../apps/api/src/domain/lines/line-catalogue';
import { startServer, stopServer } from './support/harness';

const TOTAL = Number(process.env.BENCH_CALLS ?? 40_000);
const BATCH = 1000;
const AUTHORIZE_ROUNDS = 400;
const KEY = 'svc_bench_key_0123456789abcdefghij';
const serverUrl = process.env.DATABASE_URL;

const OFF: SpendSettingsBody = {
  percent_thresholds: [],
  overage_thresholds: [],
  forecast_thresholds: [],
  spending_cap: null,
};
const FORECAST = process.env.BENCH_FORECAST === '1';
const ON: SpendSettingsBody = {
  percent_thresholds: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100],
  overage_thresholds: [100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000],
  forecast_thresholds: FORECAST ? [500_000, 1_000_000] : [],
  spending_cap: 1_000_000,
};

async function scratchDatabase(): Promise<{
  env: Record<string, string>;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  if (!serverUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'enq-spend-'));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `enq_bench_spend_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 }),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

const scratch = await scratchDatabase();
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  const database = await scratch.open();
  await database.migrate();
  await seedReferenceData(database);
  await seedDemoData(database);
  const [admin] = await database.query<{ id: string; account_id: string }>(
    'select id, account_id from people where email = $1',
    [DEMO_ADMIN.email],
  );
  const people = await database.query<{ id: string; pin: string; is_admin: boolean }>(
    'select id, pin, is_admin from people where account_id = $1 and pin is not null',
    [admin!.account_id],
  );
  const pins = people.map((p) => p.pin);
  const teammate = people.find((p) => !p.is_admin)!;
  const token = (await issueApiToken(database, admin!.id)).token;
  // No limits to begin with (the demo gives one user a limit, which these calls would soon reach).
  await database.query('delete from user_credit_limits where account_id = $1', [admin!.account_id]);
  await database.close();

  server = await startServer('apps/api/src/server.ts', { ...scratch.env, TELEPHONY_SERVICE_KEY: KEY });
  const url = server.url;
  const account = (path: string, method: string, body: unknown) =>
    fetch(`${url}${API_ACCOUNT_BASE}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => {
      if (!r.ok) throw new Error(`${method} ${path}: ${r.status}`);
    });
  const settings = (body: SpendSettingsBody) => account(SPEND_CONTROL_PATHS.settings, 'PUT', body);

  let n = 0;
  const batch = () => {
    const now = Date.now();
    return Array.from({ length: BATCH }, (_, i) => ({
      call_uuid: `spend-${n++}`,
      pin: pins[i % pins.length]!,
      call_timestamp: new Date(now - 3_600_000 - (i % 3_600) * 1_000).toISOString(),
      destination: LINE_DESTINATIONS[i % LINE_DESTINATIONS.length]!,
      caller_id_number: '+12125550100',
      billed_duration: 60 + (i % 1_800),
    }));
  };
  const post = async () => {
    const calls = batch();
    const started = performance.now();
    const response = await fetch(`${url}${TELEPHONY_CALLS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SERVICE_KEY_HEADER]: KEY },
      body: JSON.stringify({ calls }),
    });
    const body = (await response.json()) as { accepted: number; rejected: unknown[] };
    if (!response.ok || body.rejected.length || body.accepted !== BATCH)
      throw new Error(`batch: ${JSON.stringify(body).slice(0, 300)}`);
    return performance.now() - started;
  };

  // Warm-up, untimed: the process's first batches (code loading, the plan's credits running out, the
  // first interim invoices) would weigh on whichever mode came first.
  for (let i = 0; i < 3; i++) await post();
  // Alternating, and each round in the other order, so a later (bigger) ledger weighs on both alike.
  const ms = { off: [] as number[], on: [] as number[] };
  const rounds = Math.max(1, Math.floor(TOTAL / BATCH / 2));
  for (let r = 0; r < rounds; r++) {
    for (const mode of r % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      await settings(mode === 'on' ? ON : OFF);
      ms[mode].push(await post());
    }
  }
  // Calls per second over all batches, and from the median batch (less swayed by a busy shared machine).
  const rate = (times: number[]) => (times.length * BATCH) / (times.reduce((t, x) => t + x, 0) / 1000);
  const median = (times: number[]) => BATCH / ([...times].sort((a, b) => a - b)[times.length >> 1]! / 1000);
  const [off, on] = [rate(ms.off), rate(ms.on)];
  const [offMedian, onMedian] = [median(ms.off), median(ms.on)];

  // Authorize: no cap and no limit, against a cap and the caller's own limit (neither reached).
  const authorize = async () => {
    const started = performance.now();
    for (let i = 0; i < AUTHORIZE_ROUNDS; i++) {
      const r = await fetch(`${url}${TELEPHONY_AUTHORIZE_PATH}?pin=${teammate.pin}`, {
        headers: { [SERVICE_KEY_HEADER]: KEY },
      });
      if (!((await r.json()) as { allowed: boolean }).allowed) throw new Error('authorize refused');
    }
    return AUTHORIZE_ROUNDS / ((performance.now() - started) / 1000);
  };
  await settings(OFF);
  const authOff = await authorize();
  await settings(ON);
  await account(SPEND_CONTROL_PATHS.userLimit(teammate.id), 'PUT', { monthly_credit_limit: 10_000_000 });
  const authOn = await authorize();
  await stopServer(server.child);

  const driver = serverUrl ? 'PostgreSQL' : 'PGlite';
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  console.log(`${driver}, ${rounds * BATCH} calls per mode in batches of ${BATCH}; load average ${load}`);
  console.log(`ingest without thresholds or cap: ${Math.round(off)} calls/s`);
  console.log(
    `ingest with 20 thresholds${FORECAST ? ', 2 forecast thresholds' : ''} and a cap: ${Math.round(on)} calls/s`,
  );
  console.log(`ratio with/without ${(on / off).toFixed(3)} (target >= 0.90: evaluation costs at most 10%)`);
  console.log(
    `median batch: ${Math.round(offMedian)} calls/s without, ${Math.round(onMedian)} with, ratio ${(onMedian / offMedian).toFixed(3)}`,
  );
  console.log(
    `authorize: ${Math.round(authOff)}/s without, ${Math.round(authOn)}/s with a cap and a user limit (ratio ${(authOn / authOff).toFixed(3)})`,
  );
} finally {
  // A failed run leaves no server behind.
  if (server) await stopServer(server.child);
  await scratch.drop();
}
