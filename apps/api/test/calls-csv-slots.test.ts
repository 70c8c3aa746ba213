import { API_ACCOUNT_BASE, CALL_DOWNLOADS_BUSY, ERROR_CODES } from '@enq/contract';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../src/db/seed/demo-account';
import { issueApiToken } from '../src/domain/auth/token-repository';
import { createTestApp, drivers, type TestContext } from './helpers/app';

/**
 * About 16 MB of CSV, more than the loopback socket's kernel buffers hold (see the backpressure test):
 * an export to a client that does not read stays running.
 */
const CALLS = 50_000;
const FROM = Date.UTC(2023, 0, 2) / 1000;

describe.each(drivers)('concurrent calls CSV exports of one account (%s)', (driver) => {
  let ctx: TestContext;
  let url = '';
  let token = '';
  const opened: IncomingMessage[] = [];

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const [admin] = await ctx.database.query<{ id: string; account_id: string }>(
      'select id, account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    token = (await issueApiToken(ctx.database, admin!.id)).token;
    await ctx.database.query(
      `insert into calls (account_id, call_uuid, user_name, call_timestamp, destination, caller_id_number,
                          billed_seconds, billing_rate, credits_used)
       select $1, 'busy-' || i, repeat('Tom "T" Nguyen, CPA ', 12) || i, to_timestamp($2::bigint + i * 60),
              repeat('IRS e-Services ', 6), '+12025550100', 125, 2750, 5729
         from generate_series(1, $3::int) as i`,
      [admin!.account_id, FROM, CALLS],
    );
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const response of opened) response.destroy();
    await ctx?.close();
  });

  const path = `${API_ACCOUNT_BASE}/calls/download/?timestampFrom=${FROM}&timestampTo=${FROM + (CALLS + 1) * 60}`;
  /** An export whose body the client does not read (its own connection each). */
  const open = () =>
    new Promise<IncomingMessage>((resolve, reject) =>
      get(`${url}${path}`, { agent: false, headers: { authorization: `Bearer ${token}` } }, (response) => {
        opened.push(response);
        resolve(response);
      }).on('error', reject),
    );
  const bodyOf = (response: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (piece: string) => (text += piece));
      response.on('end', () => resolve(text));
      response.on('error', reject);
    });

  it('answers a third 429 with the message while two run, and takes a new one once one is aborted', async () => {
    const first = await open();
    const second = await open();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);

    const third = await open();
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(await bodyOf(third))).toEqual({
      code: ERROR_CODES.rateLimited,
      message: CALL_DOWNLOADS_BUSY,
    });

    // The client goes away: its slot comes free once the server has seen the connection close.
    first.destroy();
    let next = await open();
    while (next.statusCode === 429) {
      await bodyOf(next);
      next = await open();
    }
    expect(next.statusCode).toBe(200);
    // Still two running: the one after is refused again.
    const refused = await open();
    expect(refused.statusCode).toBe(429);
    await bodyOf(refused);
  });
});
