import { API_AUTH_BASE, AUTH_PATHS, SIGN_OUT_TEXT } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { issueApiToken } from '../../src/domain/auth/api-tokens';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { twoProcesses } from './shared';

// "Sign out of all devices" (POST /api/v1/auth/logout-everywhere, issue 62) sent at once from several of
// the person's sessions to two processes on one PostgreSQL: the revocations meet on the same rows (tokens,
// the person, provider sessions), so a lock taken in two orders would deadlock into a 5xx. Every session
// ends, on both processes despite their token caches. PGlite belongs to one process: PostgreSQL only.
const SESSIONS = 8;
const CALLS = 12;

const me = (server: ServerProcess, token: string) =>
  fetch(`${server.url}${API_AUTH_BASE}/me`, { headers: { authorization: `Bearer ${token}` } });

describe.runIf(drivers.includes('postgres'))('Sign out of all devices over two processes (postgres)', () => {
  it(`${CALLS} calls at once from ${SESSIONS} sessions to two processes: no 5xx, each answer signed out or already out, and every session ends on both`, async () => {
    const { db, servers, close } = await twoProcesses('postgres');
    const database = await db.open();
    try {
      const [admin] = await database.query<{ id: string }>('select id from people where email = $1', [
        DEMO_ADMIN.email,
      ]);
      const tokens = [db.token];
      for (let i = 1; i < SESSIONS; i++) tokens.push((await issueApiToken(database, admin!.id)).token);
      // Both processes have looked every token up, so each holds them in its cache.
      for (const server of servers)
        for (const token of tokens) expect((await me(server, token)).status).toBe(200);

      const answers = await Promise.all(
        Array.from({ length: CALLS }, async (_, i) => {
          const response = await fetch(`${servers[i % 2]!.url}${AUTH_PATHS.logoutEverywhere}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens[i % SESSIONS]}` },
          });
          return { status: response.status, body: (await response.json()) as { message: string } };
        }),
      );
      // A call is either the one (or one of those) that signed everyone out, or came after and finds its own
      // token ended: 401, as any ended token.
      const signedOut = answers.filter((a) => a.status === 200).length;
      console.info(
        `logout-everywhere at once: ${signedOut} signed out, ${CALLS - signedOut} found their token ended`,
      );
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      for (const answer of answers) {
        if (answer.status === 200) expect(answer.body.message).toBe(SIGN_OUT_TEXT.signedOutEverywhere);
        else expect(answer.status).toBe(401);
      }
      expect(answers.some((a) => a.status === 200)).toBe(true);

      for (const server of servers)
        for (const token of tokens) expect((await me(server, token)).status, server.url).toBe(401);
      const [open] = await database.query<{ n: number }>(
        'select count(*)::int as n from api_tokens where person_id = $1 and revoked_at is null',
        [admin!.id],
      );
      expect(open!.n).toBe(0);
      // A new sign-in afterwards works as before (the revocation does not outlive itself).
      const fresh = (await issueApiToken(database, admin!.id)).token;
      for (const server of servers) expect((await me(server, fresh)).status).toBe(200);
    } finally {
      await database.close();
      await close();
    }
  }, 240_000);
});
