import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IDLE_CONNECTION_CLOSED, openDatabase, type Database } from '../db/client';
import { ping } from '../db/ping';
import type { BillingEngines } from '../domain/billing-engine/billing-engines';
import { prepareDatabase } from '../startup/prepare-database';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** Readiness: resolves once the database answers a statement (/readyz). */
    databaseAnswers: () => Promise<void>;
  }
}

export interface DbPluginOptions {
  /** Tests hand in a database they opened; otherwise the configured one is opened and owned here. */
  database?: Database;
  /** The process's billing: the demo seed's invoices carry its seller and tax. */
  billing: BillingEngines;
}

async function dbPlugin(app: FastifyInstance, options: DbPluginOptions) {
  const database =
    options.database ??
    (await openDatabase(app.config.database, (error) =>
      app.log.warn({ err: error }, IDLE_CONNECTION_CLOSED),
    ));
  try {
    await prepareDatabase(database, {
      seedDemo: app.config.seedDemo,
      now: app.clock.now(),
      log: app.log,
      billing: options.billing,
    });
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
  app.decorate('database', database);
  app.decorate('databaseAnswers', () => ping(database));
  if (!options.database) app.addHook('onClose', () => database.close());
}

export default fp(dbPlugin, { name: 'db', dependencies: ['clock'] });
