import { API_ACCOUNT_BASE, API_AUTH_BASE, PROFILE_PATHS } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../helpers/app';
import { createEmptyDatabase, demoAdminToken, waitFor } from '../helpers/portal-database';
import { SERVER_START_TIMEOUT_MS, startServerProcess, type ServerProcess } from '../helpers/server-process';

/** The session exchange's limit (routes/api/v1/auth): 30 a minute from one address. */
const SESSION_LIMIT = 30;

describe.runIf(drivers.includes('postgres'))('two portal processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createEmptyDatabase('enq_test_shared');
    // A long cache: a revocation that only lapsed with it would fail the bound below by far.
    const env = { DATABASE_URL: database.url, SEED_DEMO: 'true', TOKEN_CACHE_SECONDS: '60' };
    a = await startServerProcess(env);
    await a.ready;
    b = await startServerProcess(env);
    await b.ready;
  }, 2 * SERVER_START_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('a rate limit holds across both: the limit-plus-first request over the two is refused 429', async () => {
    const exchange = (server: ServerProcess) =>
      fetch(`${server.url}${API_AUTH_BASE}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id_token: 'not-a-token' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < SESSION_LIMIT; i++) statuses.push((await exchange(i % 2 === 0 ? a : b)).status);
    // Each process alone has seen half the limit: every one of these was let through to be refused.
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const over = await exchange(a);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await exchange(b)).status).toBe(429);
  });

  it('Log Out on one process ends the token on the other at once, despite its cache', async () => {
    const token = await demoAdminToken(database.url);
    const profile = (server: ServerProcess) =>
      fetch(`${server.url}${API_ACCOUNT_BASE}${PROFILE_PATHS.profile}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    // B has looked the token up, so it holds it in its cache.
    expect((await profile(b)).status).toBe(200);
    expect((await profile(b)).status).toBe(200);

    const logout = await fetch(`${a.url}${API_AUTH_BASE}/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(200);
    const tookMs = await waitFor(
      'B refuses the revoked token',
      2_000,
      async () => (await profile(b)).status === 401,
    );
    expect(tookMs).toBeLessThan(2_000);
    expect((await profile(a)).status).toBe(401);
  });
});
