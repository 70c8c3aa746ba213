import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { issueApiToken } from '../../src/domain/auth/token-repository';

/** Runs `work` on one connection of its own to `url`. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database on the shared test server (TEST_DATABASE_URL), and how to drop it. */
export async function createEmptyDatabase(prefix: string) {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  await withClient(serverUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}

/** An API token of the demo admin, written straight into a portal's PostgreSQL database. */
export async function demoAdminToken(url: string): Promise<string> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const [admin] = await database.query<{ id: string }>(
      'select id from people where lower(email) = lower($1)',
      [DEMO_ADMIN.email],
    );
    return (await issueApiToken(database, admin!.id)).token;
  } finally {
    await database.close();
  }
}

/** Polls `check` until it holds or `withinMs` passes; returns how long it took, or throws. */
export async function waitFor(what: string, withinMs: number, check: () => Promise<boolean>) {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
