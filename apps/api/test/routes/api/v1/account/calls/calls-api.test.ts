import {
  API_ACCOUNT_BASE,
  CALL_CSV_COLUMNS,
  CALL_HISTORY_PAGE_SIZE,
  formatCallTime,
  neutraliseCell,
  overageCents,
  type CallRow,
} from '@enq/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_NEW_TEAM } from '../../../../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../../../../src/domain/auth/api-tokens';
import { callsCsvStream } from '../../../../../../src/domain/call-history/calls-csv';
import { createTestApp, drivers, type TestContext } from '../../../../../helpers/app';

/** Test calls live in March 2024, far from the demo history, around the DST change of March 10. */
const NY_MAR_9 = Date.UTC(2024, 2, 9, 5) / 1000; // 2024-03-09 00:00 EST
const NY_MAR_10 = Date.UTC(2024, 2, 10, 5) / 1000; // 2024-03-10 00:00 EST
const NY_MAR_11 = Date.UTC(2024, 2, 11, 4) / 1000; // 2024-03-11 00:00 EDT (the day had 23 hours)
const NY_MAR_13 = Date.UTC(2024, 2, 13, 4) / 1000;
const HYPERLINK = '=HYPERLINK("http://evil.example","click")';
/** The characters the CSV export joins a chunk's values with, inside a name. */
const SEPARATORS = 'Unit\u001fand\u001erecord';

describe.each(drivers)('calls API (%s)', (driver) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  let accountId = '';
  /** Every test call, newest first (the API's order). */
  let expected: { uuid: string; at: number; user: string }[] = [];

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    for (const email of [DEMO_ADMIN.email, DEMO_ANNUAL.email, DEMO_NEW_TEAM.email]) {
      const [p] = await ctx.database.query<{ id: string; account_id: string }>(
        'select id, account_id from people where email = $1',
        [email],
      );
      tokens[email] = (await issueApiToken(ctx.database, p!.id)).token;
      if (email === DEMO_ADMIN.email) accountId = p!.account_id;
    }
    // One call every 40 minutes from Mar 9 00:00 to Mar 13 00:00 New York time, two at the same second.
    const rows: { uuid: string; at: number; user: string; dest: string }[] = [];
    for (let at = NY_MAR_9, i = 0; at < NY_MAR_13; at += 2400, i++) {
      const user =
        i === 7
          ? HYPERLINK
          : i === 11
            ? 'Line\nbreak, "quoted"'
            : i === 13
              ? SEPARATORS
              : i % 3 === 0
                ? 'Priya Raman'
                : 'Tom Nguyen, CPA';
      rows.push({
        uuid: `t-${String(i).padStart(4, '0')}`,
        at,
        user,
        dest: i % 2 ? 'IRS "PPS"' : 'IRS e-Services',
      });
      if (i === 20) rows.push({ uuid: `t-${String(i).padStart(4, '0')}b`, at, user, dest: 'IRS e-Services' });
    }
    await ctx.database.query(
      `insert into calls (account_id, call_uuid, user_name, call_timestamp, destination, caller_id_number,
                          billed_seconds, billing_rate, credits_used)
       select $1, u, n, to_timestamp(t), d, '+12025550100', 125, 2750, 5729
         from unnest($2::text[], $3::bigint[], $4::text[], $5::text[]) as x(u, t, n, d)`,
      [
        accountId,
        rows.map((r) => r.uuid),
        rows.map((r) => r.at),
        rows.map((r) => r.user),
        rows.map((r) => r.dest),
      ],
    );
    expected = rows
      .map((r) => ({ uuid: r.uuid, at: r.at, user: r.user }))
      .sort((a, b) => b.at - a.at || (a.uuid < b.uuid ? 1 : -1));
  });
  afterAll(() => ctx?.close());

  const get = (path: string, email = DEMO_ADMIN.email) =>
    ctx.app.inject({
      method: 'GET',
      url: `${API_ACCOUNT_BASE}${path}`,
      headers: { authorization: `Bearer ${tokens[email]}` },
    });
  const page = async (from: number, to: number, n: number, extra = '') => {
    const response = await get(`/calls/?timestampFrom=${from}&timestampTo=${to}&page=${n}${extra}`);
    expect(response.statusCode).toBe(200);
    return response.json() as { calls: CallRow[]; total_pages: number; page_size: number };
  };
  const inRange = (from: number, to: number) => expected.filter((c) => c.at >= from && c.at <= to);

  it('API-11 answers the current and previous period in unix seconds', async () => {
    const response = await get('/calls/dates/');
    expect(response.statusCode).toBe(200);
    const { dates } = response.json();
    expect(dates.current_period.start_date).toBeTypeOf('number');
    expect(dates.current_period.end_date).toBeGreaterThan(dates.current_period.start_date);
    expect(dates.previous_period.end_date).toBe(dates.current_period.start_date - 1);
  });

  it("API-11 answers an account's own periods: no previous one in its first, none of another account's", async () => {
    const datesOf = async (email: string) => {
      const response = await get('/calls/dates/', email);
      expect(response.statusCode).toBe(200);
      return response.json().dates;
    };
    const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
    // Birch Street took its plan three days ago: its first period is its only one.
    const [birch] = await ctx.database.query<{ account_id: string; start: Date; end: Date }>(
      `select s.account_id, s.current_period_start as start, s.current_period_end as end
         from subscriptions s join people p on p.account_id = s.account_id where p.email = $1`,
      [DEMO_NEW_TEAM.email],
    );
    expect(await datesOf(DEMO_NEW_TEAM.email)).toEqual({
      current_period: { start_date: seconds(birch!.start), end_date: seconds(birch!.end) - 1 },
      previous_period: null,
    });

    // A period of Birch Street's that began after Harbor & Pine's previous one, just before its
    // current one, is Birch Street's previous period and never Harbor & Pine's.
    const before = await datesOf(DEMO_ADMIN.email);
    const start = new Date((before.current_period.start_date - 86_400) * 1000);
    const end = new Date(before.current_period.start_date * 1000);
    await ctx.database.query(
      `insert into billing_periods (account_id, plan_id, starts_at, ends_at, closed_at)
       values ($1, 'practice-monthly', $2, $3, $3)`,
      [birch!.account_id, start, end],
    );
    try {
      expect(await datesOf(DEMO_ADMIN.email)).toEqual(before);
      expect((await datesOf(DEMO_NEW_TEAM.email)).previous_period).toEqual({
        start_date: seconds(start),
        end_date: seconds(end) - 1,
      });
    } finally {
      await ctx.database.query('delete from billing_periods where account_id = $1 and starts_at = $2', [
        birch!.account_id,
        start,
      ]);
    }
  });

  it('API-12 API-13 pages a range newest first: first, last and past the last page', async () => {
    const from = NY_MAR_9;
    const to = NY_MAR_13 - 1;
    const all = inRange(from, to);
    const pages = Math.ceil(all.length / CALL_HISTORY_PAGE_SIZE);
    const first = await page(from, to, 1);
    expect(first.total_pages).toBe(pages);
    expect(first.page_size).toBe(25);
    expect(first.calls.map((c) => c.call_uuid)).toEqual(all.slice(0, 25).map((c) => c.uuid));
    expect(Object.keys(first.calls[0]!).sort()).toEqual(
      [
        'billed_duration',
        // Which period a call posted after its period's close was billed in (null for every call here).
        'billed_in',
        'billing_rate',
        'call_timestamp',
        'call_uuid',
        'caller_id_number',
        'credits_used',
        'destination',
        'user',
      ].sort(),
    );
    expect(first.calls[0]).toMatchObject({
      billed_duration: 125,
      billing_rate: 27.5,
      credits_used: 57.29,
      billed_in: null,
    });
    const last = await page(from, to, pages);
    expect(last.calls.map((c) => c.call_uuid)).toEqual(all.slice((pages - 1) * 25).map((c) => c.uuid));
    expect(last.calls.length).toBeGreaterThan(0);
    const past = await page(from, to, pages + 1);
    expect(past).toMatchObject({ calls: [], total_pages: pages });
  });

  it('API-12 every page of ranges with partial days matches a plain sorted scan (the per-day counts agree)', async () => {
    const ranges: [number, number][] = [
      [NY_MAR_9 + 3600 * 7 + 900, NY_MAR_13 - 3600 * 5 - 1],
      [NY_MAR_9 - 86_400 * 3, NY_MAR_13 + 86_400],
      [NY_MAR_10 + 60, NY_MAR_10 + 3600 * 5],
    ];
    for (const [from, to] of ranges) {
      const all = inRange(from, to);
      const pages = Math.ceil(all.length / 25);
      for (let n = 1; n <= pages; n++) {
        const body = await page(from, to, n);
        expect(body.total_pages).toBe(pages);
        expect(body.calls.map((c) => c.call_uuid)).toEqual(
          all.slice((n - 1) * 25, n * 25).map((c) => c.uuid),
        );
      }
    }
  });

  it('API-12 a range across the spring DST change covers the 23-hour local day exactly', async () => {
    const body = await page(NY_MAR_10, NY_MAR_11 - 1, 1);
    const all = inRange(NY_MAR_10, NY_MAR_11 - 1);
    expect(NY_MAR_11 - NY_MAR_10).toBe(23 * 3600);
    expect(all.length).toBe(Math.ceil((23 * 3600) / 2400));
    expect(body.total_pages).toBe(Math.ceil(all.length / 25));
    expect(body.calls[0]!.call_uuid).toBe(all[0]!.uuid);
  });

  it('filters the table by user and by destination', async () => {
    const body = await page(NY_MAR_9, NY_MAR_13, 1, `&user=${encodeURIComponent('Priya Raman')}`);
    expect(body.calls.length).toBe(25);
    expect(body.calls.every((c) => c.user === 'Priya Raman')).toBe(true);
    expect(body.total_pages).toBe(Math.ceil(expected.filter((c) => c.user === 'Priya Raman').length / 25));
    const byLine = await page(NY_MAR_9, NY_MAR_13, 1, `&destination=${encodeURIComponent('IRS "PPS"')}`);
    expect(byLine.calls.every((c) => c.destination === 'IRS "PPS"')).toBe(true);
    const filters = (await get('/calls/filters/')).json();
    expect(filters.users).toContain(DEMO_ADMIN.fullName);
    expect(filters.destinations.length).toBeGreaterThan(5);
  });

  it("totals a range in one aggregate: calls, billed seconds, credits and the overage's dollar value", async () => {
    await ctx.database.query(
      `update calls set overage_credits = 1000 where account_id = $1 and call_uuid in ('t-0001', 't-0002')`,
      [accountId],
    );
    try {
      const n = inRange(NY_MAR_9, NY_MAR_13 - 1).length;
      const totals = await get(`/calls/totals/?timestampFrom=${NY_MAR_9}&timestampTo=${NY_MAR_13 - 1}`);
      expect(totals.statusCode).toBe(200);
      expect(totals.json()).toEqual({
        calls: n,
        billed_seconds: 125 * n,
        credits_used: (5729 * n) / 100,
        overage_credits: 20,
        overage_dollars: overageCents(2000) / 100,
      });
      const priya = expected.filter((c) => c.user === 'Priya Raman').length;
      const filtered = await get(
        `/calls/totals/?timestampFrom=${NY_MAR_9}&timestampTo=${NY_MAR_13 - 1}&user=${encodeURIComponent('Priya Raman')}`,
      );
      expect(filtered.json().calls).toBe(priya);
      expect(
        (await get(`/calls/totals/?timestampFrom=${NY_MAR_13}&timestampTo=${NY_MAR_9}`)).statusCode,
      ).toBe(400);
    } finally {
      await ctx.database.query(
        `update calls set overage_credits = 0 where account_id = $1 and call_uuid in ('t-0001', 't-0002')`,
        [accountId],
      );
    }
  });

  it('refuses a start after the end and a missing range', async () => {
    expect((await get(`/calls/?timestampFrom=${NY_MAR_11}&timestampTo=${NY_MAR_10}&page=1`)).statusCode).toBe(
      400,
    );
    expect((await get(`/calls/?page=1`)).statusCode).toBe(400);
    expect((await get(`/calls/?timestampFrom=1&timestampTo=2&page=0`)).statusCode).toBe(400);
    expect((await get(`/calls/download/`)).statusCode).toBe(400);
  });

  it('API-14 API-15 the CSV parses back to exactly the rows of the range, with formulas neutralised', async () => {
    const from = NY_MAR_9 + 1800;
    const to = NY_MAR_13 - 7200;
    const response = await get(`/calls/download/?timestampFrom=${from}&timestampTo=${to}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="call-history-2024-03-09-to-2024-03-12.csv"',
    );
    // A byte-order mark and CRLF line ends: spreadsheet programs then read accented names as UTF-8.
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body.replaceAll('\r\n', '').includes('\n')).toBe(response.body.includes('Line\nbreak'));
    const records = parse(response.body, { bom: true }) as string[][];
    expect(records[0]).toEqual([...CALL_CSV_COLUMNS]);
    const rows: CallRow[] = [];
    const pages = (await page(from, to, 1)).total_pages;
    for (let n = 1; n <= pages; n++) rows.push(...(await page(from, to, n)).calls);
    expect(rows.length).toBe(inRange(from, to).length);
    expect(records.slice(1)).toEqual(
      rows.map((r) => [
        formatCallTime(r.call_timestamp),
        neutraliseCell(r.destination),
        neutraliseCell(r.user),
        r.caller_id_number,
        String(r.billed_duration),
        (r.billed_duration / 60).toFixed(2),
        String(r.billing_rate),
        String(r.credits_used),
      ]),
    );
    expect(records.find((r) => r[2]!.startsWith('Line'))![2]).toBe('Line\nbreak, "quoted"');
    expect(records.filter((r) => r[2] === SEPARATORS)).toHaveLength(1);
    const evil = records.find((r) => r[2]!.includes('HYPERLINK'));
    expect(evil![2]).toBe(`'${HYPERLINK}`);
    // Caller IDs are checked at ingest (E.164 or a word): written as they are, not as "'+1…".
    expect(records[1]![3]).toBe('+12025550100');
  });

  it('streams in keyset chunks: a tiny chunk size gives the same file, including calls at the same second', async () => {
    const range = { accountId, from: NY_MAR_9, to: NY_MAR_13 };
    const read = async (chunkRows: number) => {
      let text = '';
      for await (const part of callsCsvStream(ctx.database, range, { chunkRows })) text += String(part);
      return text;
    };
    const whole = await read(5000);
    expect(await read(7)).toBe(whole);
    expect(await read(1)).toBe(whole);
    expect(whole.split('\r\n').length - 2).toBe(expected.length);
  });

  it("API-14 downloads an invoice's period; another account's invoice answers 404", async () => {
    const [own] = await ctx.database.query<{ id: string; number: string }>(
      `select id, number from invoices where account_id = $1 and period_id is not null order by issued_at limit 1`,
      [accountId],
    );
    const [other] = await ctx.database.query<{ id: string }>(
      `select id from invoices where account_id <> $1 limit 1`,
      [accountId],
    );
    const response = await get(`/calls/download/?invoice_id=${own!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`call-history-${own!.number}`);
    const [{ n }] = (await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from calls c join invoices i on i.id = $1
         join billing_periods p on p.id = i.period_id
        where c.account_id = $2 and c.call_timestamp >= p.starts_at and c.call_timestamp < p.ends_at`,
      [own!.id, accountId],
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect((parse(response.body) as string[][]).length - 1).toBe(n);
    expect((await get(`/calls/download/?invoice_id=${other!.id}`)).statusCode).toBe(404);
    expect((await get(`/calls/download/?invoice_id=nope`)).statusCode).toBe(404);
  });

  it('API-16 answers one point per 30-minute New York slot with one key per destination, and y_max', async () => {
    const response = await get('/rates/');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(48);
    expect(body.data[0]).toMatchObject({ time: '12:00 AM', slot_start_minute: 0 });
    expect(body.data[19].time).toBe('9:30 AM');
    for (const destination of body.destinations) {
      expect(body.data.every((p: Record<string, unknown>) => typeof p[destination] === 'number')).toBe(true);
    }
    const max = Math.max(
      ...body.data.flatMap((p: Record<string, number>) => body.destinations.map((d: string) => p[d])),
    );
    expect(body.y_max).toBeGreaterThanOrEqual(max);
    // The chart's numbers are the engine's: a call at 9:30 New York time is rated at the 9:30 point.
    const at = new Date(Date.UTC(2026, 0, 14, 14, 40));
    const destination = body.destinations[0];
    expect(body.data[19][destination]).toBe(ctx.app.rates.rateFor(destination, at)! / 100);
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `${API_ACCOUNT_BASE}/calls/dates/` });
    expect(response.statusCode).toBe(401);
  });
});
