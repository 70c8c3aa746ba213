import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { acquireDataDirLock } from './lock';
import { poolCloser } from './pool-closer';
import { openPgliteDataDir } from './owner-only';
import type { QueryOptions, Transactional } from './handle';
import { PgliteStatements, statementName } from './pglite-statements';
import { advisorySlots, memorySlots, type Slots } from './slots';
import * as schema from './schema';

const pgQuery = (text: string, values: unknown[] | undefined, options: QueryOptions | undefined) =>
  options?.prepare ? { name: statementName(text), text, values } : { text, values };

export interface Database extends Transactional {
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own `exclusively` work on this database: the start-up
   * sequence (migrations, reference data, demo seed). On PostgreSQL one connection holds an advisory
   * lock throughout, so processes started at once take turns; on PGlite the data-dir lock already
   * keeps every other process out. Not reentrant: `work` must not call it again.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** Raw SQL for the job queue (pg-boss): without values the text may hold several statements. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Limits on concurrent work shared by every process on this database (see slots). */
  slots: Slots;
  /**
   * PGlite only: the whole data dir as one gzipped tar, taken between two statements (PGlite runs one
   * at a time), after a checkpoint. It opens as PGlite's `loadDataDir` and recovers like a restart.
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PostgreSQL only: LISTEN on `channel` on a connection of its own, opened again after it drops.
   * `onState(true)` once listening (again: notifications sent meanwhile were missed), `onState(false)`
   * as soon as the connection is lost. Ends with the returned function or `close`.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): () => Promise<void>;
  close(): Promise<void>;
}

/**
 * One connection runs one statement at a time: statements of a transaction sent at once (a Promise.all
 * in domain code) wait their turn here, in the order they were sent, rather than in the driver, which
 * pg deprecates ("already executing a query") and pg@9 refuses.
 */
function oneAtATime(query: Transactional['query']): Transactional['query'] {
  let last: Promise<unknown> = Promise.resolve();
  return <Row>(text: string, params?: unknown[], options?: QueryOptions) => {
    const run = last.then(() => query<Row>(text, params, options));
    last = run.catch(() => undefined);
    return run;
  };
}

/** An open transaction's statements, with nested transactions as savepoints on it. */
function openTransaction(query: Transactional['query']): Transactional {
  let savepoints = 0;
  const tx: Transactional = {
    query,
    async transaction(work) {
      const savepoint = `nested_${++savepoints}`;
      await query(`savepoint ${savepoint}`);
      try {
        const result = await work(tx);
        await query(`release savepoint ${savepoint}`);
        return result;
      } catch (error) {
        await query(`rollback to savepoint ${savepoint}`).catch(() => undefined);
        throw error;
      }
    },
  };
  return tx;
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string }
  /** In memory (tests): empty, or started from `from`, a dump of a data dir (PGlite dumpDataDir). */
  | { kind: 'pglite'; dataDir: null; from?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number };

/**
 * Advisory lock keys on PostgreSQL. Start-up takes its lock first and migrations theirs inside it, on
 * another connection; nothing takes them the other way round, so they cannot deadlock.
 */
const MIGRATIONS_LOCK = 72707369;
const STARTUP_LOCK = 72707370;

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Where a connection the server dropped while idle is reported (a restart, an admin's terminate). */
export type IdleConnectionError = (error: Error) => void;

export const IDLE_CONNECTION_CLOSED = 'database: an idle connection was closed by the server';

const reportToStderr: IdleConnectionError = (error) =>
  console.error(`${IDLE_CONNECTION_CLOSED} (${error.message})`);

/**
 * Bounds on waiting for the server, so a database that is down or unreachable fails a request quickly
 * (503) instead of holding it. A query's bound is generous: exports and period close read a lot.
 */
export const CONNECT_TIMEOUT_MS = 3_000;
export const QUERY_TIMEOUT_MS = 60_000;
/** A process waiting for another's start-up (migrations, demo seed) is not a request: it may wait long. */
const STARTUP_LOCK_WAIT_MS = 15 * 60_000;

/** How soon a lost LISTEN connection is tried again (the portal recovers within 5 s of a restart). */
const LISTEN_RETRY_MS = 500;

/** Keeps one LISTEN connection open for as long as the database is, reopening it whenever it drops. */
function listener(url: string, onIdleError: IdleConnectionError) {
  const stops = new Set<() => Promise<void>>();
  const listen: NonNullable<Database['listen']> = (channel, onMessage, onState) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let listening = false;
    const lost = (error?: Error) => {
      if (!client) return;
      // Said once when the connection goes, not again for every attempt while the server is down.
      if (error && listening) onIdleError(error);
      listening = false;
      const dropped = client;
      client = undefined;
      onState(false);
      dropped.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(connect, LISTEN_RETRY_MS);
    };
    const connect = () => {
      const attempt = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      client = attempt;
      attempt.on('error', lost);
      attempt.on('end', () => client === attempt && lost());
      attempt.on('notification', (message) => onMessage(message.payload ?? ''));
      attempt
        .connect()
        .then(() => attempt.query(`listen ${pg.escapeIdentifier(channel)}`))
        .then(() => {
          if (client !== attempt || stopped) return;
          listening = true;
          onState(true);
        })
        .catch((error: Error) => client === attempt && lost(error));
    };
    connect();
    const stop = async () => {
      stopped = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    };
    stops.add(stop);
    return async () => {
      stops.delete(stop);
      await stop();
    };
  };
  return { listen, stopAll: () => Promise.all([...stops].map((stop) => stop())) };
}

export async function openDatabase(
  options: DatabaseOptions,
  onIdleError: IdleConnectionError = reportToStderr,
): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    // An idle connection's error has no query to fail. Unheard, it would end the process; heard, the
    // pool drops that connection and opens a new one for the next query.
    pool.on('error', onIdleError);
    const closePool = poolCloser(pool);
    const listening = listener(options.url, onIdleError);
    const slots = advisorySlots(options.url, onIdleError);
    return {
      kind: 'postgres',
      query: async (text, params, options) => (await pool.query(pgQuery(text, params, options))).rows,
      async transaction(work) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work(
            openTransaction(
              oneAtATime(
                async (text, params, options) => (await client.query(pgQuery(text, params, options))).rows,
              ),
            ),
          );
          // A statement that failed inside `work` aborted the transaction, even if `work` went on: its
          // COMMIT then rolls back. Said as an error, as PGlite says it, never as a commit.
          const { command } = await client.query('commit');
          if (command === 'ROLLBACK') throw new Error('Transaction was rolled back instead of committed');
          client.release();
          return result;
        } catch (error) {
          // A connection that cannot even roll back is broken (the server went away): not back to the pool.
          const broken = await client.query('rollback').then(
            () => undefined,
            (rollbackError: Error) => rollbackError,
          );
          client.release(broken);
          throw error;
        }
      },
      executeSql: (text, values) => pool.query(text, values),
      async migrate() {
        // Several processes may start at once against one server: migrate one at a time. A connection
        // of its own, without the pool's query bound: a migration of a large table may take long.
        const client = new pg.Client({
          connectionString: options.url,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        });
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK]).catch(() => undefined);
          await client.end().catch(() => undefined);
        }
      },
      async exclusively(work) {
        // A session lock, held by this connection alone while `work` uses the rest of the pool. If the
        // process dies, the server ends the session and the lock with it.
        const client = await pool.connect();
        try {
          // Waits while another process starts (its demo seed may take minutes on a busy machine).
          // pg reads a per-query `query_timeout` (client.js) that its types do not list.
          const lockQuery = { text: 'select pg_advisory_lock($1)', values: [STARTUP_LOCK] };
          await client.query(Object.assign(lockQuery, { query_timeout: STARTUP_LOCK_WAIT_MS }));
          return await work();
        } finally {
          const unlocked = await client
            .query('select pg_advisory_unlock($1)', [STARTUP_LOCK])
            .then(() => true)
            .catch(() => false);
          // A connection that could not unlock must not go back to the pool still holding the lock.
          client.release(!unlocked);
        }
      },
      slots,
      listen: listening.listen,
      async close() {
        await Promise.all([listening.stopAll(), slots.close()]);
        await closePool();
      },
    };
  }

  const release = options.dataDir !== null ? acquireDataDirLock(options.dataDir) : () => undefined;
  try {
    const client =
      options.dataDir !== null
        ? await openPgliteDataDir(options.dataDir)
        : await PGlite.create(options.from ? { loadDataDir: options.from } : {});
    const statements = new PgliteStatements(client);
    return {
      kind: 'pglite',
      query: (text, params, options) => statements.query(text, params, options) as never,
      transaction: (work) =>
        client.transaction((tx) =>
          work(
            openTransaction(
              (text, params, options) => statements.inTransaction(tx, text, params, options) as never,
            ),
          ),
        ),
      migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
      exclusively: (work) => work(),
      slots: memorySlots(),
      async executeSql(text, values) {
        if (values?.length) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
      async dumpDataDir() {
        await client.query('checkpoint');
        return client.dumpDataDir('gzip');
      },
      async close() {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
