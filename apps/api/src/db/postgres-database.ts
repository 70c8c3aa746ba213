import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, DatabaseOptions, IdleConnectionError } from './database';
import type { QueryOptions } from './handle';
import { migrationsFolder } from './migrations-folder';
import { oneAtATime, openTransaction } from './open-transaction';
import { statementName } from './pglite-statements';
import { poolCloser } from './pool-closer';
import { listener } from './postgres-listener';
import { CONNECT_TIMEOUT_MS, QUERY_TIMEOUT_MS } from './postgres-timeouts';
import * as schema from './schema';
import { advisorySlots } from './slots';

const pgQuery = (text: string, values: unknown[] | undefined, options: QueryOptions | undefined) =>
  options?.prepare ? { name: statementName(text), text, values } : { text, values };

/**
 * Advisory lock keys on PostgreSQL. Start-up takes its lock first and migrations theirs inside it, on
 * another connection; nothing takes them the other way round, so they cannot deadlock.
 */
const MIGRATIONS_LOCK = 72707369;
const STARTUP_LOCK = 72707370;

/** A process waiting for another's start-up (migrations, demo seed) is not a request: it may wait long. */
const STARTUP_LOCK_WAIT_MS = 15 * 60_000;

/** A PostgreSQL server through a pool of `pg` connections, with a LISTEN connection and advisory slots. */
export function openPostgres(
  options: Extract<DatabaseOptions, { kind: 'postgres' }>,
  onIdleError: IdleConnectionError,
): Database {
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
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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
