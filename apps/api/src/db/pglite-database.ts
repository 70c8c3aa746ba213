import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, DatabaseOptions } from './database';
import { acquireDataDirLock } from './lock';
import { migrationsFolder } from './migrations-folder';
import { openTransaction } from './open-transaction';
import { openPgliteDataDir } from './owner-only';
import { PgliteStatements } from './pglite-statements';
import * as schema from './schema';
import { memorySlots } from './slots';
import { tracedStatement } from '../tracing/spans';

/** PGlite in this process: a data dir it locks for itself, or in memory. */
export async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<Database> {
  const release = options.dataDir !== null ? acquireDataDirLock(options.dataDir) : () => undefined;
  try {
    const client =
      options.dataDir !== null
        ? await openPgliteDataDir(options.dataDir)
        : await PGlite.create(options.from ? { loadDataDir: options.from } : {});
    const statements = new PgliteStatements(client);
    return {
      kind: 'pglite',
      query: (text, params, options) =>
        tracedStatement('pglite', text, () => statements.query(text, params, options)) as never,
      transaction: (work) =>
        client.transaction((tx) =>
          work(
            openTransaction(
              (text, params, options) =>
                tracedStatement('pglite', text, () =>
                  statements.inTransaction(tx, text, params, options),
                ) as never,
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
      async dumpDataDir(compression = 'gzip') {
        await client.query('checkpoint');
        return client.dumpDataDir(compression);
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
