import { buildApp, type App } from '../../../src/app';
import type { Database } from '../../../src/db/client';
import { openSeededTestDatabase, testConfig } from '../../helpers/app';

/** Fast-check samples per operation: few in `npm test`, more under `npm run test:security`. */
export const RUNS = Number(process.env.SECURITY_RUNS ?? 3);
/** A fixed seed in `npm test` (the same requests every run); `npm run test:security` explores afresh. */
export const SEED = process.env.SECURITY_SEED
  ? Number(process.env.SECURITY_SEED)
  : RUNS <= 3
    ? 1414
    : undefined;

export interface SuiteApp {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** The real app on a fresh demo database, without the billing timers (rows change only by request). */
export async function suiteApp(): Promise<SuiteApp> {
  const database = await openSeededTestDatabase('pglite');
  const app = await buildApp({ config: testConfig(), database, logger: false, scheduleJobs: false });
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

export interface Tally {
  operations: number;
  requests: number;
  serverErrors: string[];
  leaks: string[];
}

export const newTally = (): Tally => ({ operations: 0, requests: 0, serverErrors: [], leaks: [] });

export const summaryLine = (name: string, t: Tally) =>
  `security suite (${name}): ${t.operations} operations covered, ${t.requests} requests sent, ${t.serverErrors.length} 5xx, ${t.leaks.length} leaks`;
