import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { withClient } from './portal-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's template databases, so that the run drops its own and no other run's. */
    templateRun: string;
  }
}

const serverUrl = () => process.env.TEST_DATABASE_URL!;
const urlOf = (name: string) => {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

/** A new empty database on the test server that this run keeps to copy from, until the run ends. */
export async function createTemplateDatabase(): Promise<{ name: string; url: string }> {
  const name = `enq_tpl_${inject('templateRun')}_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl(), (c) => c.query(`create database ${name}`));
  return { name, url: urlOf(name) };
}

/** A new database copied from `template`, and how to drop it. */
export async function createDatabaseFrom(template: string) {
  const name = `enq_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withClient(serverUrl(), async (c) => {
    // The template's last connections may still be leaving the server after their pool closed.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database ${name} template ${template}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  return {
    url: urlOf(name),
    drop: () => withClient(serverUrl(), (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}

/** The API project's global set-up: names the run, and drops its template databases once it ends. */
export default function setup(project: TestProject) {
  const run = randomBytes(4).toString('hex');
  project.provide('templateRun', run);
  return async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    await withClient(serverUrl(), async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`enq_tpl_${run}_%`],
      );
      for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
    });
  };
}
