import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { BillingEngines } from '../domain/billing-engine/billing-engines';
import { seedDemoData, seedReferenceData } from '../db/seed';

export interface PrepareOptions {
  /** Create the demo account when the database has no account yet (`SEED_DEMO`). */
  seedDemo: boolean;
  /**
   * Business time: when rates of lines gone from the catalogue stop being in effect. The demo's
   * history is always made up to the real time of day, as the first `npm start` shows it.
   */
  now?: Date;
  log?: Pick<FastifyBaseLogger, 'info'>;
  /**
   * The process's billing (composition.ts), which the demo's invoices are made with; tests and
   * benchmarks that prepare a database directly leave it out and get the demo seller.
   */
  billing?: BillingEngines;
}

/**
 * Every write a process makes before it serves: migrations, the reference catalogues and the demo
 * account. It runs under one lock, so processes started at once on an empty PostgreSQL database take
 * turns: the first creates the demo, the others find it there (each step is idempotent on its own,
 * but two demo seeds running side by side both see no account and collide on unique keys).
 */
export function prepareDatabase(database: Database, options: PrepareOptions): Promise<void> {
  return database.exclusively(async () => {
    await database.migrate();
    await seedReferenceData(database, options.now);
    if (options.seedDemo) await seedDemoData(database, options.log, undefined, options.billing);
  });
}
