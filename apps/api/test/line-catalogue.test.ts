import { API_ACCOUNT_BASE, lineDestination, type LinesData, type RatesResponse } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../src/db/seed/demo-account';
import { demoCalls, seededRandom } from '../src/db/seed/demo-billing';
import { issueApiToken } from '../src/domain/auth/token-repository';
import { generateCalls } from '../src/domain/calls/generate-calls';
import { createTestApp, drivers, type TestContext } from './helpers/app';

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

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
});
