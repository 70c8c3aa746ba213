import { AUTH_PATHS } from '@enq/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { DEMO_STAFF } from '../../src/db/seed/demo-account';
import { testConfig } from '../helpers/app';
import { CLI_PROCESS_TIMEOUT_MS, npmRun } from '../helpers/npm-run';

describe('npm run token', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'enq-token-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'migrates and seeds an empty data dir, prints a working token last, and is refused while the server holds the database',
    async () => {
      const admin = await npmRun('token', dataDir);
      expect(admin.status).toBe(0);
      expect(admin.lastLine).toMatch(/^enq_[\w-]{40,}$/);
      const staff = await npmRun('token', dataDir, DEMO_STAFF.email);
      expect(staff.status).toBe(0);

      const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), logger: false });
      try {
        const me = (token: string) =>
          app.inject({ method: 'GET', url: AUTH_PATHS.me, headers: { authorization: `Bearer ${token}` } });
        expect((await me(admin.lastLine)).json()).toMatchObject({ is_admin: true, is_staff: false });
        expect((await me(staff.lastLine)).json()).toMatchObject({ email: DEMO_STAFF.email, is_staff: true });

        const refused = await npmRun('token', dataDir);
        expect(refused.status).not.toBe(0);
        expect(refused.stderr).toContain(`in use by process ${process.pid}`);
      } finally {
        await app.close();
      }
    },
    4 * CLI_PROCESS_TIMEOUT_MS,
  );

  it(
    'says so when no person has the email',
    async () => {
      const unknown = await npmRun('token', dataDir, 'nobody@example.com');
      expect(unknown.status).not.toBe(0);
      expect(unknown.stderr).toContain('No person with the email nobody@example.com');
    },
    CLI_PROCESS_TIMEOUT_MS,
  );
});
