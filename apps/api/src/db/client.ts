import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Something SQL can be sent to: the database, or one transaction on it. */
export interface Queryable {
  /**
   * One parameterised statement straight through the driver. A `name` makes it a prepared statement on
   * PostgreSQL, planned once per connection: for hot, fixed statements whose planning costs more than
   * their execution (PGlite ignores it).
   */
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Row[]>;
}

export interface QueryOptions {
  name?: string;
}

const pgQuery = (text: string, values: unknown[] | undefined, options: QueryOptions | undefined) =>
  options?.name ? { name: options.name, text, values } : { text, values };

export interface Database extends Queryable {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Inside,
   * send every statement through the given `tx`, never through the database itself.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** A value as an SQL literal; null when it is of a kind we do not inline. */
function literal(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // standard_conforming_strings is on: doubling single quotes is the whole escaping.
  if (typeof value === 'string') return value.includes('\0') ? null : `'${value.replaceAll("'", "''")}'`;
  return null;
}

/**
 * Named statements on PGlite. Its driver re-plans every statement, and planning a statement with
 * several subqueries costs more than running it; PGlite is one session, so an SQL-level PREPARE made
 * once serves every later EXECUTE (about half the time of the billing data statement, measured).
 * PREPARE cannot take bound parameters in EXECUTE, so the arguments go in as quoted literals; values of
 * any other kind fall back to the plain statement.
 */
class PgliteStatements {
  private readonly ready = new Map<string, Promise<void>>();
  constructor(private readonly client: PGlite) {}

  async execute(name: string, text: string, params: unknown[] = []): Promise<string | null> {
    const args = params.map(literal);
    if (args.some((a) => a === null) || !/^[a-z_][a-z0-9_]*$/.test(name)) return null;
    let ready = this.ready.get(name);
    if (!ready) {
      ready = this.client.exec(`prepare ${name} as ${text}`).then(() => undefined);
      this.ready.set(name, ready);
      ready.catch(() => this.ready.delete(name));
    }
    await ready;
    return args.length ? `execute ${name}(${args.join(', ')})` : `execute ${name}`;
  }
}

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string | null } // null: in memory (tests)
  | { kind: 'postgres'; url: string; poolSize?: number };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      query: async (text, params, options) => (await pool.query(pgQuery(text, params, options))).rows,
      async transaction(work) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work({
            query: async (text, params, options) => (await client.query(pgQuery(text, params, options))).rows,
          });
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      async migrate() {
        // Several processes may start at once against one server: migrate one at a time.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(72707369)');
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(72707369)').catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }

  const release = options.dataDir ? acquireDataDirLock(options.dataDir) : () => undefined;
  try {
    const client = options.dataDir
      ? await PGlite.create(join(options.dataDir, 'pgdata'))
      : await PGlite.create();
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    const prepared = new PgliteStatements(client);
    return {
      db,
      kind: 'pglite',
      query: async (text, params, options) => {
        const statement = options?.name ? await prepared.execute(options.name, text, params) : null;
        return (statement ? await client.query(statement) : await client.query(text, params)).rows as never;
      },
      transaction: (work) =>
        client.transaction((tx) =>
          work({ query: async (text, params) => (await tx.query(text, params)).rows as never }),
        ),
      migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
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
