import { API_ACCOUNT_BASE, ERROR_CODES, PROFILE_PATHS, type Profile } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../src/plugins/errors';
import { drivers } from '../helpers/app';
import { demoAdminToken, waitFor, withClient } from '../helpers/portal-database';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import { SERVER_START_TIMEOUT_MS, startServerProcess, type ServerProcess } from '../helpers/server-process';

/** How long any one request may take while the database is down: an answer, never a hang. */
const ANSWER_WITHIN_MS = 8_000;

// A cluster of its own: this test stops its server, which the shared one must never be.
describe.runIf(drivers.includes('postgres'))(
  'the portal while its PostgreSQL server stops and starts',
  () => {
    let postgres: PrivatePostgres;
    let portal: ServerProcess;
    let token: string;

    beforeAll(async () => {
      postgres = await startPrivatePostgres();
      portal = await startServerProcess({ DATABASE_URL: postgres.url, SEED_DEMO: 'true' });
      await portal.ready;
      token = await demoAdminToken(postgres.url);
    }, SERVER_START_TIMEOUT_MS + 60_000);

    afterAll(async () => {
      await portal?.stop();
      postgres?.destroy();
    });

    const profileUrl = () => `${portal.url}${API_ACCOUNT_BASE}${PROFILE_PATHS.profile}`;
    const request = (url: string, init: RequestInit = {}) =>
      fetch(url, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });

    /** What a profile save writes: the profile, the person's name, an audit entry. */
    const savedRows = (email: string) =>
      withClient(postgres.url, async (client) => {
        const { rows } = await client.query<{ first_name: string | null; full_name: string; audits: number }>(
          `select pr.first_name, p.full_name,
                (select count(*)::int from audit_log a
                  where a.target_person_id = p.id and a.action = 'profile.update') as audits
           from people p left join profiles pr on pr.person_id = p.id where lower(p.email) = lower($1)`,
          [email],
        );
        return rows[0]!;
      });

    it('answers 503 with Retry-After while down, never half-applies a write, and recovers within 5 s', async () => {
      const before = (await (await request(profileUrl())).json()) as Profile;
      const changed: Profile = { ...before, first_name: 'Restarted', last_name: 'Midway' };
      const auditsBefore = (await savedRows(before.email)).audits;

      // A save (profile, person and audit rows in one transaction) races the server going away.
      const save = request(profileUrl(), { method: 'PUT', body: JSON.stringify(changed) }).then(
        (r) => r.status,
      );
      postgres.stop();
      expect([200, 503]).toContain(await save);

      // Down: a request that needs the database is told so, at once and clearly; liveness stays up.
      const started = Date.now();
      const down = await request(profileUrl());
      expect(down.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
      expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await down.json()).toEqual({
        code: ERROR_CODES.unavailable,
        message: DATABASE_UNAVAILABLE.message,
        request_id: down.headers.get('x-request-id'),
      });
      const write = await request(profileUrl(), { method: 'PUT', body: JSON.stringify(before) });
      expect(write.status).toBe(503);
      expect((await fetch(`${portal.url}/readyz`)).status).toBe(503);
      expect((await fetch(`${portal.url}/healthz`)).status).toBe(200);

      postgres.start();
      const recoveredMs = await waitFor('full service again', 5_000, async () => {
        const [ready, profile] = await Promise.all([fetch(`${portal.url}/readyz`), request(profileUrl())]);
        return ready.status === 200 && profile.status === 200;
      });
      expect(recoveredMs).toBeLessThan(5_000);

      // The racing save is all there or not at all: its three rows agree.
      const rows = await savedRows(before.email);
      const applied = rows.first_name === 'Restarted';
      expect(rows.full_name === 'Restarted Midway').toBe(applied);
      expect(rows.audits).toBe(auditsBefore + (applied ? 1 : 0));

      // Writes work again, and the portal says what it now holds.
      const after = await request(profileUrl(), { method: 'PUT', body: JSON.stringify(before) });
      expect(after.status).toBe(200);
      expect(((await after.json()) as Profile).first_name).toBe(before.first_name);
    });
  },
);
