import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { createEmptyDatabase, withClient } from './portal-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's template databases, so that the run drops its own and no other run's. */
    templateRun: string;
  }
}

/** A new empty database on the test server that this run keeps to copy from, until the run ends. */
export const createTemplateDatabase = () => createEmptyDatabase(`enq_tpl_${inject('templateRun')}`);

/** The API project's global set-up: names the run, and drops its template databases once it ends. */
export default function setup(project: TestProject) {
  const run = randomBytes(4).toString('hex');
  project.provide('templateRun', run);
  return async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    await withClient(process.env.TEST_DATABASE_URL, async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`enq_tpl_${run}_%`],
      );
      for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
    });
  };
}
