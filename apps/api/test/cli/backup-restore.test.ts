import { API_ACCOUNT_BASE, AUTH_PATHS, PROFILE_PATHS } from '@enq/contract';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTROL_SECRET_HEADER, readServerControl } from '../../src/control/control-file';
import { DEMO_PROFILE } from '../../src/db/seed/demo-profile';
import { CLI_PROCESS_TIMEOUT_MS, npmRun, seededDataDir } from '../helpers/npm-run';
import { SERVER_START_TIMEOUT_MS, startServerProcess, type ServerProcess } from '../helpers/server-process';

const CHANGED_PHONE = '+12075550199';

const api = (server: ServerProcess, token: string, method: 'GET' | 'PUT', path: string, body?: object) =>
  fetch(`${server.url}${path.startsWith('/api') ? path : `${API_ACCOUNT_BASE}${path}`}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

const signingKeyIds = async (server: ServerProcess) =>
  ((await (await fetch(`${server.url}/oidc/jwks`)).json()) as { keys: { kid: string }[] }).keys.map(
    (k) => k.kid,
  );

describe('npm run backup, restore, token and jobs (embedded database)', () => {
  const root = mkdtempSync(join(tmpdir(), 'enq-backup-'));
  const restoredDir = join(root, 'restored');
  const backupFile = join(root, 'portal.tar.gz');
  const servers: ServerProcess[] = [];
  // A data dir as the first start leaves it (token.test.ts runs that start from an empty one).
  const liveData = seededDataDir();
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(root, { recursive: true, force: true });
  });
  const serve = async (dataDir: string) => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    servers.push(server);
    await server.ready;
    return server;
  };

  it(
    'a backup taken while the server runs restores, with the server stopped, to a portal with the change and the same sign-in',
    async () => {
      const liveDir = liveData.path;
      const token = (await npmRun('token', liveDir)).lastLine;
      const live = await serve(liveDir);
      const put = await api(live, token, 'PUT', PROFILE_PATHS.profile, {
        ...DEMO_PROFILE,
        phone_number: CHANGED_PHONE,
      });
      expect(put.status).toBe(200);
      const kids = await signingKeyIds(live);

      // While it runs it holds the embedded database: a new token and the failed-work report come
      // through it, as the backup does.
      const during = await npmRun('token', liveDir);
      expect(during.status).toBe(0);
      expect((await api(live, during.lastLine, 'GET', AUTH_PATHS.me)).status).toBe(200);
      const jobs = await npmRun('jobs', liveDir, 'failed');
      expect(jobs.status).toBe(0);
      expect(jobs.lastLine).toBe('No failed jobs.');

      // Only the holder of the control file's secret gets a dump, and only on the loopback listener.
      const control = readServerControl(liveDir)!;
      expect(control.pid).toBe(live.child.pid);
      expect(statSync(join(liveDir, 'enq-control.json')).mode & 0o077).toBe(0);
      expect(control.port).not.toBe(Number(new URL(live.url).port));
      const listener = `http://127.0.0.1:${control.port}/backup`;
      expect((await fetch(listener, { method: 'POST' })).status).toBe(403);
      expect(
        (await fetch(`http://127.0.0.1:${control.port}/token`, { method: 'POST', body: '{"email":"x"}' }))
          .status,
      ).toBe(403);
      const wrong = { [CONTROL_SECRET_HEADER]: `${control.secret.slice(1)}x` };
      expect((await fetch(listener, { method: 'POST', headers: wrong })).status).toBe(403);
      expect((await fetch(`${live.url}/backup`, { method: 'POST' })).status).toBe(404);

      const backup = await npmRun('backup', liveDir, backupFile);
      expect(backup.status).toBe(0);
      expect(backup.lastLine).toBe(backupFile);
      expect(backup.stderr).toContain(`through the running server (process ${live.child.pid})`);
      expect(statSync(backupFile).size).toBeGreaterThan(0);

      // The server keeps serving, and a restore into its data dir is refused while it runs.
      expect((await api(live, token, 'GET', AUTH_PATHS.me)).status).toBe(200);
      const refused = await npmRun('restore', liveDir, backupFile);
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toContain('stop the server first');
      expect(refused.stderr).toContain(`in use by process ${live.child.pid}`);
      await live.stop();
      expect(readServerControl(liveDir)).toBeNull();

      const restore = await npmRun('restore', restoredDir, backupFile);
      expect(restore.stderr).toBe('');
      expect(restore.status).toBe(0);
      expect(restore.stdout).toContain(`Restored ${backupFile} into ${restoredDir}`);

      const restored = await serve(restoredDir);
      const me = await api(restored, token, 'GET', AUTH_PATHS.me);
      expect(me.status).toBe(200);
      const profile = await api(restored, token, 'GET', PROFILE_PATHS.profile);
      expect(await profile.json()).toEqual({ ...DEMO_PROFILE, phone_number: CHANGED_PHONE });
      // The provider's signing key came along: ID tokens it signed before still verify.
      expect(await signingKeyIds(restored)).toEqual(kids);
      await restored.stop();
    },
    6 * CLI_PROCESS_TIMEOUT_MS + 2 * SERVER_START_TIMEOUT_MS,
  );

  it(
    'backs up directly when no server runs, and a restore over a database keeps the one it replaces',
    async () => {
      const second = join(root, 'second.tar.gz');
      const backup = await npmRun('backup', restoredDir, second);
      expect(backup.status).toBe(0);
      expect(backup.stderr).toContain('no server was running');
      const restore = await npmRun('restore', restoredDir, second);
      expect(restore.status).toBe(0);
      expect(restore.stdout).toMatch(/Restored .* \(\d+ accounts\)/);
      const kept = /kept in (\S+):/.exec(restore.stdout)?.[1];
      expect(kept).toMatch(/pgdata\.before-restore-/);
      expect(existsSync(kept!)).toBe(true);
      expect(existsSync(join(restoredDir, 'pgdata'))).toBe(true);
    },
    4 * CLI_PROCESS_TIMEOUT_MS,
  );
});
