import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp, type App } from '../../src/app';
import type { composeBilling } from '../../src/composition';
import { loadConfig } from '../../src/config';
import { createEmptyDatabase } from './portal-database';
import { createTemplateDatabase } from './postgres-templates';
import { openDatabase, type Database, type IdleConnectionError } from '../../src/db/client';
import type { Clock } from '../../src/domain/ports/clock';
import { seedReferenceData } from '../../src/db/seed';

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
  return openOnServer(await createEmptyDatabase('enq_test'), onIdleError);
}

/** A database made on the test server, opened, and dropped once closed. */
async function openOnServer(
  made: { url: string; drop(): Promise<unknown> },
  onIdleError?: IdleConnectionError,
): Promise<Database> {
  const database = await openDatabase({ kind: 'postgres', url: made.url, poolSize: 4 }, onIdleError);
  return {
    ...database,
    async close() {
      await database.close();
      await made.drop();
    },
  };
}

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/**
 * Databases made once per test worker and copied for each test: a migrated one, and one as the real
 * app leaves it after its first start with given settings (demo seeded: the seed runs the account's
 * billing history through the engine, about 3 s of every app's start on PGlite). Kept ten minutes, so
 * the demo history is as recent as a fresh seed's would be for what a test reads.
 */
const TEMPLATE_MAX_AGE_MS = 10 * 60_000;
const templates = new Map<string, { made: number; template: Promise<Template> }>();
type Template = { kind: 'pglite'; dump: Blob } | { kind: 'postgres'; name: string };

function template(driver: Driver, key: string, build: (database: Database) => Promise<void>) {
  const kept = templates.get(`${driver} ${key}`);
  if (kept && Date.now() - kept.made < TEMPLATE_MAX_AGE_MS) return kept.template;
  const made = (async (): Promise<Template> => {
    const server = driver === 'pglite' ? null : await createTemplateDatabase();
    const database = server
      ? await openDatabase({ kind: 'postgres', url: server.url, poolSize: 4 })
      : await openTestDatabase(driver);
    try {
      await build(database);
      // Unzipped: each test file opens its copy, 0.6 s sooner than from a gzipped one.
      if (!server) return { kind: 'pglite', dump: await database.dumpDataDir!('none') };
    } finally {
      await database.close();
    }
    return { kind: 'postgres', name: server.name };
  })();
  templates.set(`${driver} ${key}`, { made: Date.now(), template: made });
  made.catch(() => templates.delete(`${driver} ${key}`));
  return made;
}

/**
 * What a first start writes that settings change: whether it seeds the demo, and the billing the seed's
 * invoices are made with (composeBilling's settings: seller, tax, payments, period close). Queues,
 * schedules and the provider's clients are (re)made by every start, so tests whose settings differ
 * only in those share one template: on two workers and two drivers each template costs four demo
 * seeds of about 5 s. Typed by composeBilling, so a setting it comes to read fails to compile here
 * until it is part of the key.
 */
const seedSettings = (env: Record<string, string>) => {
  const { seedDemo, invoiceIssuer, payments, closeGraceMs, publicUrl } = testConfig(env);
  const billing: Required<Parameters<typeof composeBilling>[0]> = {
    invoiceIssuer,
    payments,
    closeGraceMs,
    publicUrl,
  };
  return JSON.stringify({ seedDemo, billing });
};

const seededTemplate = (driver: Driver, env: Record<string, string>) =>
  template(driver, `seeded ${seedSettings(env)}`, async (database) => {
    const app = await buildApp({ config: testConfig(env), database, logger: false });
    await app.ready();
    await app.close();
  });

const migratedTemplate = (driver: Driver) =>
  template(driver, 'migrated', async (database) => {
    await database.migrate();
    await seedReferenceData(database);
  });

/** A copy of a template: in-memory PGlite, or a new database on the server. */
async function openCopy(template: Template): Promise<Database> {
  if (template.kind === 'pglite') return openDatabase({ kind: 'pglite', dataDir: null, from: template.dump });
  return openOnServer(await createEmptyDatabase('enq_test', template.name));
}

/** A fresh database, migrated, with the reference catalogues (plans, lines, rates) and no account. */
export const openMigratedTestDatabase = async (driver: Driver) => openCopy(await migratedTemplate(driver));

/** A fresh database as the real app with these settings leaves it after its first start. */
export const openSeededTestDatabase = async (driver: Driver, env: Record<string, string> = {}) =>
  openCopy(await seededTemplate(driver, env));

/**
 * A database on disk (PGlite data dir) or on the test server that a server process can run on, as the
 * app leaves it after its first start: the seeded template's copy, for tests about what happens after.
 */
export async function seededDatabaseCopy(
  driver: Driver,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const template = await seededTemplate(driver, {});
  if (template.kind === 'postgres') {
    const { url, drop } = await createEmptyDatabase('enq_test', template.name);
    return { env: { DATABASE_URL: url }, drop: async () => void (await drop()) };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'enq-test-'));
  // Where openPgliteDataDir (src/db/owner-only.ts) keeps the cluster inside a data dir.
  const client = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), loadDataDir: template.dump });
  await client.close();
  return { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * Boots the real app (migrations, demo seed, provider, routes) against a fresh database: a copy of one
 * already seeded with the same settings, unless the test runs its own clock (the seed's invoices are
 * made on the billing clock).
 */
export async function createTestApp(
  driver: Driver,
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<TestContext> {
  const database = options.clock ? await openTestDatabase(driver) : await openSeededTestDatabase(driver, env);
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
