// A real server process on a database that outlives it: seeded once, killed with SIGKILL while a request
// is in flight, started again on the same data. The invariants a restart must find are in invariants.ts.
import { request } from 'node:http';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { issueApiToken } from '../../src/domain/auth/api-tokens';
import { seededDatabaseCopy, type Driver } from '../helpers/app';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';

export const SERVICE_KEY = 'svc_crash_test_key_long_enough_0123';
/** Every wait of these tests is bounded by this, so a hung server fails the test instead of stalling it. */
export const WAIT_MS = 45_000;

export interface CrashDatabase {
  driver: Driver;
  env: Record<string, string>;
  /** The demo admin's API token, issued before any server started. */
  token: string;
  /** Opens the database while no server holds it (PGlite) or beside the running one (PostgreSQL). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * A migrated, demo-seeded database on disk (PGlite) or on the PostgreSQL server of TEST_DATABASE_URL.
 * The demo's open invoice is in collection (docs/billing.md, "Collecting failed payments"), so a new
 * card on file would try it at once; the tests of Pay now, card saves and events act on that invoice
 * themselves, so it is taken out of collection unless `inCollection` (the collection's own tests).
 */
export async function seededDatabase(
  driver: Driver,
  options: { inCollection?: boolean } = {},
): Promise<CrashDatabase> {
  const { env, drop } = await seededDatabaseCopy(driver);
  const open = () =>
    driver === 'pglite'
      ? openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR! })
      : openDatabase({ kind: 'postgres', url: env.DATABASE_URL!, poolSize: 2 });
  const database = await open();
  let token: string;
  try {
    if (!options.inCollection) await database.query('delete from payment_collections');
    const [admin] = await database.query<{ id: string }>('select id from people where email = $1', [
      DEMO_ADMIN.email,
    ]);
    token = (await issueApiToken(database, admin!.id)).token;
  } finally {
    await database.close();
  }
  return { driver, env, token, open, drop };
}

/** A server on the database, ready, logging each request it receives (debug level) so a test can see it. */
export async function serve(db: CrashDatabase, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess({
    ...env,
    ...db.env,
    SEED_DEMO: 'false',
    TELEPHONY_SERVICE_KEY: SERVICE_KEY,
    LOG_LEVEL: 'debug',
  });
  await server.ready;
  return server;
}

/**
 * Resolves once `check` is true; throws after WAIT_MS. Polls every `everyMs` (0: as often as the event
 * loop allows, for a window of a few milliseconds), never sleeps for a guessed time.
 */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  everyMs = 2,
): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => (everyMs ? setTimeout(resolve, everyMs) : setImmediate(resolve)));
  }
}

export interface Sent {
  /** The answer's status, or 'killed' when the connection broke before an answer came. */
  outcome: Promise<number | 'killed'>;
  /** Resolves once the whole body has been handed to the socket. */
  written: Promise<void>;
}

/** One request with a JSON body, answered or cut off by the server's death; never rejects. */
export function send(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Sent {
  const payload = Buffer.from(JSON.stringify(body));
  let onWritten!: () => void;
  const written = new Promise<void>((resolve) => (onWritten = resolve));
  const outcome = new Promise<number | 'killed'>((resolve) => {
    const req = request(`${url}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': payload.length },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
      res.on('error', () => resolve('killed'));
      res.on('aborted', () => resolve('killed'));
    });
    req.on('error', () => resolve('killed'));
    req.end(payload, onWritten);
  });
  return { outcome, written };
}

/**
 * Where in a request's life the server dies:
 * - 'written': as soon as the client has written the request (it may not have been read yet);
 * - 'received': once the server has logged that it received it (the handler is starting);
 * - 'working': once the server has received it and then answered `/healthz` twice, so its handler has
 *   been running for a while (its transaction is open, or the answer is on its way).
 */
export type KillPoint = 'written' | 'received' | 'in-transaction' | 'working';
/**
 * The kill points for a driver. On PostgreSQL the server's open transactions can be seen from outside
 * (pg_stat_activity), so one kill waits for one; PGlite's database lives inside the killed process.
 */
export const killPoints = (driver: Driver): KillPoint[] =>
  driver === 'postgres'
    ? ['written', 'received', 'in-transaction', 'working']
    : ['written', 'received', 'working'];

/** Whether a connection other than this one has a transaction open on the database of `url`. */
async function transactionProbe(url: string): Promise<{ open(): Promise<boolean>; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    open: async () =>
      (
        await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
        )
      ).rows[0]!.n > 0,
    end: () => client.end(),
  };
}

/** Sends the request, SIGKILLs the server at `point`, and says whether the answer beat the kill. */
export async function killDuring(
  db: CrashDatabase,
  server: ServerProcess,
  point: KillPoint,
  fire: () => Sent,
  path: string,
): Promise<number | 'killed'> {
  const before = server.output().length;
  const receivedLog = `"url":"${path}"`;
  const received = () =>
    server
      .output()
      .slice(before)
      .split('\n')
      .some((line) => line.includes('incoming request') && line.includes(receivedLog));
  const probe = point === 'in-transaction' ? await transactionProbe(db.env.DATABASE_URL!) : null;
  const sent = fire();
  let answered = false;
  void sent.outcome.then(() => (answered = true));
  await sent.written;
  if (point !== 'written') await until(`the server to receive ${path}`, () => received() || answered);
  if (probe) {
    try {
      await until(`a transaction of ${path}`, async () => answered || (await probe.open()), 0);
    } finally {
      await probe.end();
    }
  }
  if (point === 'working') {
    for (let i = 0; i < 2 && !answered; i++) {
      await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(WAIT_MS) }).catch(() => undefined);
    }
  }
  server.child.kill('SIGKILL');
  await server.exited;
  return sent.outcome;
}
