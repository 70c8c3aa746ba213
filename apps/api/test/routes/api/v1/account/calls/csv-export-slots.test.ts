import { API_ACCOUNT_BASE, CALL_DOWNLOADS_BUSY, ERROR_CODES } from '@enq/contract';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { demoAdminWithManyCalls, MANY_CALLS, MANY_CALLS_FROM } from '../../../../../helpers/many-calls';

describe.each(drivers)('concurrent calls CSV exports of one account (%s)', (driver) => {
  let ctx: TestContext;
  let url = '';
  let token = '';
  const opened: IncomingMessage[] = [];

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    token = await demoAdminWithManyCalls(ctx, 'busy');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const response of opened) response.destroy();
    await ctx?.close();
  });

  const path = `${API_ACCOUNT_BASE}/calls/download/?timestampFrom=${MANY_CALLS_FROM}&timestampTo=${MANY_CALLS_FROM + (MANY_CALLS + 1) * 60}`;
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
