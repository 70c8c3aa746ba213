import { PGlite } from '@electric-sql/pglite';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createEmptyDatabase } from './portal-database';
import { openDatabase, type Database, type IdleConnectionError } from '../../src/db/client';
import type { Clock } from '../../src/domain/ports/clock';

export type Driver = 'pglite' | 'postgres';

/** API tests run on embedded PGlite, and on a PostgreSQL server too when TEST_DATABASE_URL is set. */
export const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '8080', ...env });

let emptyDataDir: Promise<Blob> | undefined;

/**
 * PGlite runs initdb for every new database, about 5 s of a test file's time; loading a dump of an
 * empty one takes under 1 s. So each test worker runs initdb once and starts its databases from it.
 */
function emptyPgliteDataDir(): Promise<Blob> {
  emptyDataDir ??= PGlite.create().then(async (client) => {
    try {
      return await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
  });
  return emptyDataDir;
}

/** A fresh, empty database: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function openTestDatabase(driver: Driver, onIdleError?: IdleConnectionError): Promise<Database> {
  if (driver === 'pglite')
    return openDatabase({ kind: 'pglite', dataDir: null, from: await emptyPgliteDataDir() });
  const { url, drop } = await createEmptyDatabase('enq_test');
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 }, onIdleError);
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** Boots the real app (migrations, demo seed, provider, routes) against a fresh database. */
export async function createTestApp(
  driver: Driver,
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<TestContext> {
  const database = await openTestDatabase(driver);
  const app = await buildApp({ config: testConfig(env), database, logger: false, clock: options.clock });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
