import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { issueApiToken } from '../../src/domain/auth/api-tokens';

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

/** The URL of database `name` on the shared test server (TEST_DATABASE_URL). */
function testDatabaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database on the shared test server, empty or copied from `template`, and how to drop it. A
 * template's last connections may still be leaving the server after their pool closed: the copy waits.
 */
export async function createEmptyDatabase(prefix: string, template?: string) {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  await withClient(serverUrl, async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database ${name}${template ? ` template ${template}` : ''}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  return {
    name,
    url: testDatabaseUrl(name),
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
