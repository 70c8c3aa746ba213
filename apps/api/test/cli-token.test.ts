import { AUTH_PATHS } from '@enq/contract';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DEMO_STAFF } from '../src/db/seed/demo-account';
import { testConfig } from './helpers/app';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

function npmRunToken(dataDir: string, ...args: string[]) {
  const result = spawnSync('npm', ['run', 'token', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return {
    status: result.status,
    lastLine: result.stdout.trim().split('\n').at(-1) ?? '',
    stderr: result.stderr,
  };
}

describe('npm run token', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'enq-token-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates and seeds an empty data dir, prints a working token last, and is refused while the server holds the database', async () => {
    const admin = npmRunToken(dataDir);
    expect(admin.status).toBe(0);
    expect(admin.lastLine).toMatch(/^enq_[\w-]{40,}$/);
    const staff = npmRunToken(dataDir, DEMO_STAFF.email);
    expect(staff.status).toBe(0);

    const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), logger: false });
    try {
      const me = (token: string) =>
        app.inject({ method: 'GET', url: AUTH_PATHS.me, headers: { authorization: `Bearer ${token}` } });
      expect((await me(admin.lastLine)).json()).toMatchObject({ is_admin: true, is_staff: false });
      expect((await me(staff.lastLine)).json()).toMatchObject({ email: DEMO_STAFF.email, is_staff: true });

      const refused = npmRunToken(dataDir);
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toContain(`in use by process ${process.pid}`);
    } finally {
      await app.close();
    }
  });

  it('says so when no person has the email', () => {
    const unknown = npmRunToken(dataDir, 'nobody@example.com');
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain('No person with the email nobody@example.com');
  });
});
