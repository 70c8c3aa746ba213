import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { DEMO_ACCOUNT_NAME, DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { drivers, type Driver } from '../helpers/app';
import { createEmptyDatabase, withClient } from '../helpers/portal-database';
import { SERVER_START_TIMEOUT_MS, startServerProcess } from '../helpers/server-process';

const DEMO_COUNTS = `select
  (select count(*)::int from accounts where name = $1) as accounts,
  (select count(*)::int from people where lower(email) = lower($2)) as admins`;

/** An empty database of the driver's kind, and how to count its demo accounts once the servers stop. */
async function emptyDatabase(driver: Driver): Promise<{
  env: Record<string, string>;
  demoCounts(): Promise<unknown>;
  drop(): Promise<unknown>;
}> {
  if (driver === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'enq-startup-'));
    return {
      env: { DATA_DIR: dataDir },
      async demoCounts() {
        const database = await openDatabase({ kind: 'pglite', dataDir });
        try {
          const [row] = await database.query(DEMO_COUNTS, [DEMO_ACCOUNT_NAME, DEMO_ADMIN.email]);
          return row;
        } finally {
          await database.close();
        }
      },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createEmptyDatabase('enq_test_startup');
  return {
    env: { DATABASE_URL: database.url },
    demoCounts: () =>
      withClient(
        database.url,
        async (c) => (await c.query(DEMO_COUNTS, [DEMO_ACCOUNT_NAME, DEMO_ADMIN.email])).rows[0],
      ),
    drop: database.drop,
  };
}

// Three rather than two: the first to lock or migrate races two others, and the two that lose race each
// other too; a separate two-process case ran the same code again, for 46 of this file's 98 s.
describe.each(drivers)('portal processes started at once on an empty database (%s)', (driver) => {
  it.each([3])(
    '%i processes: the database gets exactly one demo account',
    async (count) => {
      const database = await emptyDatabase(driver);
      const servers = await Promise.all(
        Array.from({ length: count }, () => startServerProcess({ ...database.env, SEED_DEMO: 'true' })),
      );
      try {
        if (driver === 'postgres') {
          // Every process comes up and serves: the ones that waited for the lock found the demo there.
          await Promise.all(servers.map((s) => s.ready));
          for (const server of servers) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
        } else {
          // The embedded database belongs to one process: the first to lock it serves, the others stop
          // at once and name the process that holds it.
          const outcomes = await Promise.all(
            servers.map((s) =>
              Promise.race([s.ready.then(() => 'ready' as const), s.exited.then(() => 'refused' as const)]),
            ),
          );
          expect(outcomes.filter((o) => o === 'ready')).toHaveLength(1);
          const holder = servers[outcomes.indexOf('ready')]!;
          for (const [i, server] of servers.entries()) {
            if (outcomes[i] !== 'refused') continue;
            expect(await server.exited).toBe(1);
            expect(server.output()).toContain(`is in use by process ${holder.child.pid}`);
          }
        }
        await Promise.all(servers.map((s) => s.stop()));
        expect(await database.demoCounts()).toEqual({ accounts: 1, admins: 1 });
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
        await database.drop();
      }
    },
    2 * SERVER_START_TIMEOUT_MS,
  );
});
