import { API_ACCOUNT_BASE, CALL_CSV_COLUMNS } from '@enq/contract';
import { parse } from 'csv-parse/sync';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';
import { demoAdminWithManyCalls, MANY_CALLS, MANY_CALLS_FROM } from '../../../../../helpers/many-calls';

describe.each(drivers)('the calls CSV export to a slow client (%s)', (driver) => {
  let ctx: TestContext;
  let url = '';
  let token = '';
  /** Calls the export has read from the database so far. */
  let callsRead = 0;

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    token = await demoAdminWithManyCalls(ctx, 'slow');
    // The export's chunks are the statements that join calls into one text (calls-csv-fast).
    const query = ctx.database.query.bind(ctx.database);
    ctx.database.query = (async (text: string, params?: unknown[], options?: never) => {
      const rows = await query(text, params, options);
      if (text.includes('string_agg')) callsRead += (rows[0] as { rows: number }).rows;
      return rows;
    }) as typeof query;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx?.close());

  const path = `${API_ACCOUNT_BASE}/calls/download/?timestampFrom=${MANY_CALLS_FROM}&timestampTo=${MANY_CALLS_FROM + (MANY_CALLS + 1) * 60}`;
  const open = () =>
    new Promise<IncomingMessage>((resolve, reject) =>
      get(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } }, resolve).on('error', reject),
    );
  /** Another request answered by the server: a full turn of its event loop. */
  const roundTrip = async () => (await fetch(`${url}/healthz`)).text();

  it('arrives complete and identical while the client reads slowly, and the server reads only ahead of it by a bound', async () => {
    const whole = await ctx.app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(whole.statusCode).toBe(200);

    callsRead = 0;
    const response = await open();
    // A failed check must not leave the export running, or closing the app waits for it.
    onTestFinished(() => void response.destroy());
    expect(response.statusCode).toBe(200);
    const parts: Buffer[] = [];
    // The client takes one piece, then stops reading until the server has stopped reading calls. The
    // first piece (the header) can come before the first calls are read, which a busy database takes
    // a while to answer: the count is watched for standing still only once reading has begun.
    const iterator = response[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    parts.push((await iterator.next()).value as Buffer);
    let stable = 0;
    for (let last = -1; stable < 10; last = callsRead) {
      await roundTrip();
      stable = callsRead > 0 && callsRead === last ? stable + 1 : 0;
    }
    expect(callsRead).toBeGreaterThan(0);
    expect(callsRead).toBeLessThan(MANY_CALLS / 2);

    // Then it reads the rest slowly: one piece per round trip of another request.
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      parts.push(next.value);
      await roundTrip();
    }
    const body = Buffer.concat(parts);
    expect(body.equals(whole.rawPayload)).toBe(true);
    const records = parse(body, { bom: true }) as string[][];
    expect(records[0]).toEqual([...CALL_CSV_COLUMNS]);
    expect(records).toHaveLength(MANY_CALLS + 1);
    expect(records[1]![2]).toBe(`${'Tom "T" Nguyen, CPA '.repeat(12)}${MANY_CALLS}`);
    expect(records.at(-1)![2]).toBe(`${'Tom "T" Nguyen, CPA '.repeat(12)}1`);
    expect(callsRead).toBe(MANY_CALLS);
  });
});
