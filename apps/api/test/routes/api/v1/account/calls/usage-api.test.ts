import {
  API_ACCOUNT_BASE,
  CALL_PATHS,
  CALL_TEXT,
  USAGE_OTHERS,
  USAGE_TEXT,
  type UsageResponse,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';

/** Test calls live in March 2024, far from the demo history, around the DST change of March 10. */
const NY_MAR_5 = Date.UTC(2024, 2, 5, 5) / 1000; // 2024-03-05 00:00 EST
const NY_MAR_9 = Date.UTC(2024, 2, 9, 5) / 1000;
const NY_MAR_13 = Date.UTC(2024, 2, 13, 4) / 1000; // 2024-03-13 00:00 EDT
const HOUR = 3600;
const USERS = ['Ada Park', 'Ben Ortiz', 'Cara Lee', 'Dev Shah', 'Eli Stone', 'Fay Wu', 'Gus Hale'];
const LINES = ['IRS e-Services', 'IRS PPS', 'IRS Business', 'EFTPS'];

interface TestCall {
  uuid: string;
  at: number;
  user: string;
  line: string;
  cc: number;
}
/** New York day of a unix second, as the API names it. */
const nyDay = (at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(at * 1000));
const sumCc = (calls: TestCall[]) => calls.reduce((sum, c) => sum + c.cc, 0);

describe.each(drivers)('usage charts API (%s)', (driver) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  const calls: TestCall[] = [];

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    const accounts: Record<string, string> = {};
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email]) {
      const [p] = await ctx.database.query<{ id: string; account_id: string }>(
        'select id, account_id from people where email = $1',
        [email],
      );
      tokens[email] = (await issueApiToken(ctx.database, p!.id)).token;
      accounts[email] = p!.account_id;
    }
    // Mar 5..12: a call every 5 hours, users and lines in turn, credits that differ call to call.
    for (let at = NY_MAR_5 + HOUR, i = 0; at < NY_MAR_13; at += 5 * HOUR, i++)
      calls.push({
        uuid: `u-${i}`,
        at,
        user: USERS[i % USERS.length]!,
        line: LINES[i % LINES.length]!,
        cc: 1000 + ((i * 37) % 900),
      });
    const insert = (accountId: string, rows: TestCall[]) =>
      ctx.database.query(
        `insert into calls (account_id, call_uuid, user_name, call_timestamp, destination, caller_id_number,
                            billed_seconds, billing_rate, credits_used)
         select $1, u, n, to_timestamp(t), d, '+12025550100', 120, 2750, c
           from unnest($2::text[], $3::bigint[], $4::text[], $5::text[], $6::bigint[]) as x(u, t, n, d, c)`,
        [
          accountId,
          rows.map((r) => r.uuid),
          rows.map((r) => r.at),
          rows.map((r) => r.user),
          rows.map((r) => r.line),
          rows.map((r) => r.cc),
        ],
      );
    await insert(accounts[DEMO_ADMIN.email]!, calls);
    // Another account's call, in the same range, by a name the demo account also has.
    await insert(accounts[DEMO_ANNUAL.email]!, [
      { uuid: 'other-1', at: NY_MAR_9 + HOUR, user: USERS[0]!, line: LINES[0]!, cc: 777_700 },
    ]);
  });
  afterAll(() => ctx?.close());

  const get = (path: string, email = DEMO_ADMIN.email, token = tokens[email]) =>
    ctx.app.inject({
      method: 'GET',
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const usage = async (query: string, email = DEMO_ADMIN.email) => {
    const response = await get(`${CALL_PATHS.usage}?${query}`, email);
    expect(response.statusCode).toBe(200);
    return response.json() as UsageResponse;
  };
  const between = (from: number, to: number) => calls.filter((c) => c.at >= from && c.at <= to);
  /** Mar 9 00:00 to Mar 12 23:59:59 New York: four days, one of them 23 hours long. */
  const RANGE = `timestampFrom=${NY_MAR_9}&timestampTo=${NY_MAR_13 - 1}`;

  it('USAGE-01 sums each New York day of the range to the credits of its calls', async () => {
    const body = await usage(RANGE);
    expect(body.days.map((d) => d.date)).toEqual(['2024-03-09', '2024-03-10', '2024-03-11', '2024-03-12']);
    const inRange = between(NY_MAR_9, NY_MAR_13 - 1);
    for (const day of body.days) {
      const expected = sumCc(inRange.filter((c) => nyDay(c.at) === day.date));
      expect(Math.round(day.credits * 100)).toBe(expected);
    }
    expect(Math.round(body.total_credits * 100)).toBe(sumCc(inRange));
    const totals = (await get(`${CALL_PATHS.totals}?${RANGE}`)).json();
    expect(body.total_credits).toBe(totals.credits_used);
  });

  it("USAGE-01 the current period's days add up to its calls' credits and the ledger's use entries", async () => {
    const { dates } = (await get(CALL_PATHS.dates)).json();
    const { start_date, end_date } = dates.current_period;
    const body = await usage(`timestampFrom=${start_date}&timestampTo=${end_date}`);
    const [ledger] = await ctx.database.query<{ used: string; calls: string }>(
      `select (select -sum(l.amount) from credit_ledger l where l.account_id = a.id and l.kind = 'use'
                and l.period_id = (select id from billing_periods where account_id = a.id
                                     and starts_at = to_timestamp($2::bigint)))::text as used,
              (select sum(credits_used) from calls where account_id = a.id and call_timestamp >= to_timestamp($2::bigint)
                  and call_timestamp < to_timestamp($3::bigint + 1))::text as calls
         from accounts a join people p on p.account_id = a.id where p.email = $1`,
      [DEMO_ADMIN.email, start_date, end_date],
    );
    const days = body.days.reduce((sum, d) => sum + Math.round(d.credits * 100), 0);
    expect(days).toBeGreaterThan(0);
    expect(days).toBe(Number(ledger!.calls));
    expect(days).toBe(Number(ledger!.used));
  });

  it('USAGE-02 compares each day with the same day of the range before it', async () => {
    const body = await usage(RANGE);
    expect(body.previous).toEqual({ from: NY_MAR_5, to: NY_MAR_9 - 1, period: false });
    expect(body.days.map((d) => d.previous_date)).toEqual([
      '2024-03-05',
      '2024-03-06',
      '2024-03-07',
      '2024-03-08',
    ]);
    const before = between(NY_MAR_5, NY_MAR_9 - 1);
    for (const day of body.days)
      expect(Math.round(day.previous_credits * 100)).toBe(
        sumCc(before.filter((c) => nyDay(c.at) === day.previous_date)),
      );
    expect(Math.round(body.previous_total_credits * 100)).toBe(sumCc(before));
  });

  it('USAGE-02 compares the current period with the previous period', async () => {
    const { dates } = (await get(CALL_PATHS.dates)).json();
    const body = await usage(
      `timestampFrom=${dates.current_period.start_date}&timestampTo=${dates.current_period.end_date}`,
    );
    expect(body.previous).toEqual({
      from: dates.previous_period.start_date,
      to: dates.previous_period.end_date,
      period: true,
    });
    expect(body.previous_total_credits).toBeGreaterThan(0);
  });

  it('USAGE-03 stacks each day by user or by line, and the stacks add up to the day', async () => {
    for (const by of ['user', 'line'] as const) {
      const body = await usage(`${RANGE}&by=${by}`);
      expect(body.by).toBe(by);
      const inRange = between(NY_MAR_9, NY_MAR_13 - 1);
      const names = new Set(inRange.map((c) => (by === 'user' ? c.user : c.line)));
      // Seven users: the five largest and "Others"; four lines: each its own.
      expect(body.series).toHaveLength(by === 'user' ? 6 : 4);
      if (by === 'user') expect(body.series.at(-1)).toBe(USAGE_OTHERS);
      else expect(new Set(body.series)).toEqual(names);
      for (const day of body.days) {
        expect(day.stacks).toHaveLength(body.series.length);
        const stacked = day.stacks.reduce((sum, s) => sum + Math.round(s * 100), 0);
        expect(stacked).toBe(Math.round(day.credits * 100));
      }
      if (by === 'line')
        for (const [i, line] of body.series.entries())
          expect(body.days.reduce((sum, d) => sum + Math.round(d.stacks[i]! * 100), 0)).toBe(
            sumCc(inRange.filter((c) => c.line === line)),
          );
    }
  });

  it('USAGE-04 ranks the top users and lines; their shares add up to 100.0 (one decimal, largest remainder)', async () => {
    const body = await usage(RANGE);
    const inRange = between(NY_MAR_9, NY_MAR_13 - 1);
    expect(body.top_users.map((u) => u.name)).toHaveLength(6);
    expect(body.top_users.at(-1)!.name).toBe(USAGE_OTHERS);
    const top = body.top_users.slice(0, 5);
    expect(top.map((u) => u.credits)).toEqual([...top.map((u) => u.credits)].sort((a, b) => b - a));
    for (const list of [body.top_users, body.top_lines]) {
      expect(list.reduce((sum, row) => sum + Math.round(row.share * 10), 0)).toBe(1000);
      expect(list.reduce((sum, row) => sum + Math.round(row.credits * 100), 0)).toBe(sumCc(inRange));
      for (const row of list)
        expect(Math.abs(row.share - (row.credits * 10_000) / sumCc(inRange))).toBeLessThanOrEqual(0.1);
    }
    const ada = sumCc(inRange.filter((c) => c.user === 'Ada Park'));
    const listed = body.top_users.find((u) => u.name === 'Ada Park');
    if (listed) expect(Math.round(listed.credits * 100)).toBe(ada);
  });

  it("USAGE-05 follows Call History's filters: the same totals as the list's for a user and a line", async () => {
    for (const filter of [
      `user=${encodeURIComponent('Ben Ortiz')}`,
      `destination=${encodeURIComponent('IRS PPS')}`,
      `user=${encodeURIComponent('Ben Ortiz')}&destination=${encodeURIComponent('IRS PPS')}`,
      `user=${encodeURIComponent('Nobody Here')}`,
    ]) {
      const body = await usage(`${RANGE}&${filter}`);
      const totals = (await get(`${CALL_PATHS.totals}?${RANGE}&${filter}`)).json();
      expect(body.total_credits).toBe(totals.credits_used);
      const list = (await get(`${CALL_PATHS.list}?${RANGE}&${filter}`)).json();
      expect(
        list.calls.reduce(
          (sum: number, c: { credits_used: number }) => sum + Math.round(c.credits_used * 100),
          0,
        ),
      ).toBe(Math.round(body.total_credits * 100));
      if (filter.startsWith('user=Ben')) expect(body.top_users.map((u) => u.name)).toEqual(['Ben Ortiz']);
    }
  });

  it("USAGE-06 never counts another account's calls", async () => {
    const mine = await usage(RANGE);
    expect(mine.total_credits).toBeLessThan(7777);
    const theirs = await usage(RANGE, DEMO_ANNUAL.email);
    expect(theirs.total_credits).toBe(7777);
    expect(theirs.top_users).toEqual([{ name: USERS[0], credits: 7777, share: 100 }]);
  });

  it('USAGE-07 refuses a bad range with a message naming the field', async () => {
    const cases: [string, string, string | null][] = [
      [`timestampFrom=${NY_MAR_13}&timestampTo=${NY_MAR_9}`, 'timestampFrom', CALL_TEXT.startAfterEnd],
      [`timestampFrom=soon&timestampTo=${NY_MAR_9}`, 'timestampFrom', null],
      [`timestampFrom=${NY_MAR_9}`, 'timestampTo', null],
      [`timestampFrom=0&timestampTo=${NY_MAR_13}`, 'timestampTo', USAGE_TEXT.tooLong],
      [`${RANGE}&by=month`, 'by', null],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(`${CALL_PATHS.usage}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field, query).toBe(field);
      if (message) expect(response.json().message).toContain(message);
    }
  });

  it('USAGE-08 answers an account without calls with zero days, no 5xx', async () => {
    const [account] = await ctx.database.query<{ id: string }>(
      `insert into accounts (name) values ('Empty Practice') returning id`,
    );
    const [person] = await ctx.database.query<{ id: string }>(
      `insert into people (account_id, full_name, email, is_admin) values ($1, 'Ida Empty', 'ida@empty.example', true)
       returning id`,
      [account!.id],
    );
    const token = (await issueApiToken(ctx.database, person!.id)).token;
    for (const by of ['user', 'line']) {
      const response = await get(`${CALL_PATHS.usage}?${RANGE}&by=${by}`, '', token);
      expect(response.statusCode).toBe(200);
      const body = response.json() as UsageResponse;
      expect(body.days).toHaveLength(4);
      expect(
        body.days.every((d) => d.credits === 0 && d.previous_credits === 0 && d.stacks.length === 0),
      ).toBe(true);
      expect(body).toMatchObject({ series: [], total_credits: 0, top_users: [], top_lines: [] });
    }
  });

  it("counts a range's days as a period's: 10:00 to 10:00 over 31 New York dates is 30 days, set against the 30 before", async () => {
    // Feb 14 10:00 EST to Mar 15 10:00 EDT 2024 (no period of the demo's): 30 days less the hour of Mar 10.
    const from = Date.UTC(2024, 1, 14, 15) / 1000;
    const to = Date.UTC(2024, 2, 15, 14) / 1000 - 1;
    const body = await usage(`timestampFrom=${from}&timestampTo=${to}`);
    expect(body.days).toHaveLength(31);
    expect({
      range_days: body.range_days,
      days_left: body.days_left,
      previous_days: body.previous_days,
    }).toEqual({ range_days: 30, days_left: 0, previous_days: 30 });
    // Like with like: the 30 days before, from Jan 15 at 10:00 EST.
    expect(body.previous).toEqual({ from: Date.UTC(2024, 0, 15, 15) / 1000, to: from - 1, period: false });
  });

  it('a range still under way counts the days left as the summary does, the day under way included', async () => {
    const now = Date.now();
    const from = Math.floor(now / 1000) - 5 * 86_400 - 3_600;
    const body = await usage(`timestampFrom=${from}&timestampTo=${from + 10 * 86_400 - 1}`);
    expect({ range_days: body.range_days, days_left: body.days_left }).toEqual({
      range_days: 10,
      days_left: 5,
    });
  });
});
