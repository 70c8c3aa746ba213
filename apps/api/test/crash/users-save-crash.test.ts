import { API_ACCOUNT_BASE, USERS_STATUS_OK, type SaveUsersResponse, type UsersData } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { killDuring, killPoints, seededDatabase, send, serve } from './crash-harness';
import { bearer, expectConsistentAfter } from './shared';

const USERS_PATH = `${API_ACCOUNT_BASE}/users/`;
const COUNT = 1000;

/** A save that adds 1,000 users, tagged so a test can count them. */
const save = (tag: string, n: number) => ({
  added: Array.from({ length: COUNT }, (_, i) => ({
    full_name: `Crash ${tag} ${i}`,
    email: `crash-${tag}-${i}@example.com`,
    pin_number: `${71 + n}${String(i).padStart(6, '0')}`,
    hold_music: 'quiet-ledger',
  })),
  removed: [],
  updated: [],
});

describe.each(drivers)('kill -9 during a 1,000-user save (%s)', (driver) => {
  it('the users are all saved or none, a resend after the restart saves the rest, and the ledger balances', async () => {
    const db = await seededDatabase(driver);
    let server: ServerProcess | undefined;
    const headers = bearer(db);
    const tagged = (users: UsersData['users'], tag: string) =>
      users.filter((u) => u.email.startsWith(`crash-${tag}-`)).length;
    try {
      server = await serve(db);
      for (const [n, point] of killPoints(driver).entries()) {
        const outcome = await killDuring(
          db,
          server,
          point,
          () => send(server!.url, 'PUT', USERS_PATH, headers, save(point, n)),
          USERS_PATH,
        );
        server = await serve(db);
        const loaded = await fetch(`${server.url}${USERS_PATH}`, { headers });
        expect(loaded.status).toBe(200);
        const found = tagged(((await loaded.json()) as UsersData).users, point);
        console.info(`users save (${driver}), killed when ${point}: ${outcome}, found ${found}`);
        expect([0, COUNT]).toContain(found);
        if (outcome !== 'killed') expect({ outcome, found }).toEqual({ outcome: 200, found: COUNT });

        // Saving again after the restart: what the crash lost is added now, nothing twice.
        const resent = await fetch(`${server.url}${USERS_PATH}`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(save(point, n)),
        });
        expect(resent.status).toBe(200);
        const body = (await resent.json()) as SaveUsersResponse;
        const ok = body.request_status.added.filter((s) => s.status === USERS_STATUS_OK).length;
        expect(ok).toBe(COUNT - found);
        expect(tagged(body.users, point)).toBe(COUNT);
      }
      await expectConsistentAfter(server, db);
    } finally {
      await server?.stop();
      await db.drop();
    }
  }, 120_000);
});
