import { API_ACCOUNT_BASE, lineDestination, type LinesData, type RatesResponse } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../../src/db/seed';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../../src/db/seed/demo-account';
import { demoCalls } from '../../../src/db/seed/demo-billing';
import { seededRandom } from '../../../src/domain/call-history/seeded-random';
import { RATES_EFFECTIVE_FROM } from '../../../src/db/seed/rates';
import { issueApiToken } from '../../../src/domain/auth/api-tokens';
import { RateTable } from '../../../src/domain/call-rates/rates';
import { generateCalls } from '../../../src/domain/call-history/generate-calls';
import { ingestCalls } from '../../../src/domain/telephony/ingest';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
const OLD_LINE = 'Florida Department of Revenue';

describe.each(drivers)('one line catalogue (%s)', (driver) => {
  let ctx: TestContext;
  let token = '';
  let annualAccountId = '';
  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const [admin] = await ctx.database.query<{ id: string }>('select id from people where email = $1', [
      DEMO_ADMIN.email,
    ]);
    token = (await issueApiToken(ctx.database, admin!.id)).token;
    const [annual] = await ctx.database.query<{ account_id: string }>(
      'select account_id from people where email = $1',
      [DEMO_ANNUAL.email],
    );
    annualAccountId = annual!.account_id;
  });
  afterAll(() => ctx?.close());

  const get = async <T>(path: string): Promise<T> => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, path).toBe(200);
    return response.json<T>();
  };

  it('Lines, the rate table, Call Rates, the Call History filter and every generated call name the same lines', async () => {
    const groups = Object.entries((await get<LinesData>('/lines/')).markets_with_groups);
    const lines = groups.flatMap(([market, list]) => list.map((g) => lineDestination(market, g.name_long)));
    expect(lines.length).toBeGreaterThan(10);
    expect(sorted(lines)).toHaveLength(lines.length); // one name per line
    const catalogue = sorted(lines);

    const seeded = await ctx.database.query<{ destination: string }>(
      'select distinct destination from rates where effective_to is null',
    );
    expect(sorted(seeded.map((r) => r.destination))).toEqual(catalogue);

    const chart = await get<RatesResponse>('/rates/');
    expect(sorted(chart.destinations)).toEqual(catalogue);
    for (const point of chart.data) {
      const series = Object.keys(point).filter((k) => k !== 'time' && k !== 'slot_start_minute');
      expect(sorted(series)).toEqual(catalogue);
    }

    const filters = await get<{ destinations: string[] }>('/calls/filters/');
    expect(sorted(filters.destinations)).toEqual(catalogue);

    // The demo accounts' history, made at start through the engine from demoCalls.
    const history = await ctx.database.query<{ destination: string }>(
      'select distinct destination from calls',
    );
    expect(sorted(history.map((r) => r.destination))).toEqual(catalogue);
    const demo = demoCalls({
      pins: ['1234'],
      from: new Date('2026-02-02T05:00:00Z'),
      to: new Date('2026-03-02T05:00:00Z'),
      callsPerMonth: 1500,
      random: seededRandom(3),
      uuidPrefix: 'catalogue',
    });
    expect(sorted(demo.map((c) => c.destination))).toEqual(catalogue);

    // npm run gen-calls.
    await generateCalls(
      { database: ctx.database, rates: ctx.app.rates },
      {
        accountId: annualAccountId,
        count: 1500,
        from: new Date('2025-02-03T05:00:00Z'),
        to: new Date('2025-02-17T05:00:00Z'),
        seed: 11,
      },
    );
    const generated = await ctx.database.query<{ destination: string }>(
      "select distinct destination from calls where call_uuid like 'gen-%'",
    );
    expect(sorted(generated.map((r) => r.destination))).toEqual(catalogue);
  });

  it('a destination gone from the catalogue leaves the rates at the next start; its calls stay as they were', async () => {
    const lines = (
      await ctx.database.query<{ destination: string }>('select distinct destination from rates')
    ).map((r) => r.destination);
    // Rates and a call as an earlier release stored them, for a line the catalogue no longer has.
    await ctx.database.query(
      `insert into rates (destination, slot_start_minute, effective_from, credits_per_minute)
       select $1, s, $2, 3000 from generate_series(0, 1410, 30) as s`,
      [OLD_LINE, RATES_EFFECTIVE_FROM],
    );
    await ctx.database.query(
      `insert into calls (account_id, call_uuid, user_name, call_timestamp, destination, caller_id_number,
                          billed_seconds, billing_rate, credits_used)
       values ($1, 'old-line-call', 'Sam Ortiz', '2026-02-10T15:00:00Z', $2, '+12025550100', 120, 3000, 6000)`,
      [annualAccountId, OLD_LINE],
    );
    expect((await RateTable.load(ctx.database)).curve(new Date())[20]!.rates).toHaveProperty([OLD_LINE]);

    const restart = new Date('2026-03-02T15:00:00Z');
    await seedReferenceData(ctx.database, restart);
    const rates = await RateTable.load(ctx.database);
    for (const point of rates.curve(new Date(restart.getTime() + 60_000)))
      expect(sorted(Object.keys(point.rates))).toEqual(sorted(lines));
    // A late record of a call made before still rates as it would have; a new call is refused as
    // any unknown destination is.
    expect(rates.rateFor(OLD_LINE, new Date('2026-03-02T14:00:00Z'))).toBe(3000);
    const late = await ingestCalls(
      { database: ctx.database, rates, engine: ctx.app.billing, now: new Date() },
      [
        {
          call_uuid: 'old-line-after',
          pin: (
            await ctx.database.query<{ pin: string }>('select pin from people where email = $1', [
              DEMO_ANNUAL.email,
            ])
          )[0]!.pin,
          call_timestamp: '2026-03-03T15:00:00Z',
          destination: OLD_LINE,
          caller_id_number: '+12025550100',
          billed_duration: 60,
        },
      ],
    );
    expect(late.rejected.map((r) => r.reason)).toEqual([
      `no rate for destination '${OLD_LINE}' at that time`,
    ]);

    const [call] = await ctx.database.query<{
      destination: string;
      billing_rate: string;
      credits_used: string;
    }>(
      "select destination, billing_rate::text, credits_used::text from calls where call_uuid = 'old-line-call'",
    );
    expect(call).toEqual({ destination: OLD_LINE, billing_rate: '3000', credits_used: '6000' });
  });
});
