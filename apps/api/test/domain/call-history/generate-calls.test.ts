import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE, creditsForCall } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANNUAL } from '../../../src/db/seed/demo-account';
import { RateTable } from '../../../src/domain/call-rates/rates';
import { generateCalls } from '../../../src/domain/call-history/generate-calls';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';

// Two weeks in 2025, away from the demo history; the annual demo account has a few calls of its own.
const FROM = new Date(Date.UTC(2025, 0, 6, 5));
const TO = new Date(Date.UTC(2025, 0, 20, 5));

describe.each(drivers)('gen-calls (%s)', (driver) => {
  let ctx: TestContext;
  let accountId = '';
  let rates: RateTable;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const [person] = await ctx.database.query<{ account_id: string }>(
      'select account_id from people where email = $1',
      [DEMO_ANNUAL.email],
    );
    accountId = person!.account_id;
    rates = await RateTable.load(ctx.database);
  });
  afterAll(() => ctx?.close());

  it('writes the calls asked for, in time order, on weekdays in office hours, rated by the engine', async () => {
    const made = await generateCalls(
      { database: ctx.database, rates },
      { accountId, count: 3000, from: FROM, to: TO, seed: 7, batch: 700 },
    );
    expect(made).toBe(3000);
    // In the order they were written (the number ending each call_uuid), as real calls arrive.
    const calls = await ctx.database.query<{
      at: Date;
      destination: string;
      billed_seconds: number;
      billing_rate: string | number;
      credits_used: string | number;
      user_name: string;
    }>(
      `select call_timestamp as at, destination, billed_seconds, billing_rate, credits_used, user_name
         from calls where account_id = $1 and call_timestamp >= $2 and call_timestamp < $3
        order by split_part(call_uuid, '-', 4)::int`,
      [accountId, FROM, TO],
    );
    expect(calls).toHaveLength(3000);
    const times = calls.map((c) => new Date(c.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The table's physical order follows time too, but not exactly: a short row can still fit on a page
    // that a longer one (lines' names differ in length) had to leave.
    const physical = (
      await ctx.database.query<{ at: Date }>(
        `select call_timestamp as at from calls
          where account_id = $1 and call_timestamp >= $2 and call_timestamp < $3 order by ctid`,
        [accountId, FROM, TO],
      )
    ).map((c) => new Date(c.at).getTime());
    const inOrder = physical.filter((t, i) => i === 0 || t >= physical[i - 1]!).length;
    expect(inOrder / physical.length).toBeGreaterThan(0.95);
    const names = new Set(
      (
        await ctx.database.query<{ full_name: string }>(
          'select full_name from people where account_id = $1',
          [accountId],
        )
      ).map((p) => p.full_name),
    );
    for (const c of calls) {
      const local = new TZDate(new Date(c.at).getTime(), BUSINESS_TIME_ZONE);
      expect([0, 6]).not.toContain(local.getDay());
      expect(local.getHours()).toBeGreaterThanOrEqual(8);
      expect(local.getHours()).toBeLessThan(18);
      expect(Number(c.billing_rate)).toBe(rates.rateFor(c.destination, new Date(c.at)));
      expect(Number(c.credits_used)).toBe(creditsForCall(c.billed_seconds, Number(c.billing_rate)));
      expect(names.has(c.user_name)).toBe(true);
    }
    // Spread over the lines, busier ones more often.
    const perLine = new Map<string, number>();
    for (const c of calls) perLine.set(c.destination, (perLine.get(c.destination) ?? 0) + 1);
    expect(perLine.size).toBeGreaterThan(3);
  });
});
