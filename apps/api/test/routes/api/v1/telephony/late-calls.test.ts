import {
  API_ACCOUNT_BASE,
  SERVICE_KEY_HEADER,
  TELEPHONY_CALLS_PATH,
  type CallRow,
  type InvoiceDto,
} from '@enq/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiToken } from '../../../../../src/domain/auth/api-tokens';
import { createInvoice } from '../../../../../src/domain/billing-engine/issue-invoice';
import { DEFAULT_ISSUER } from '../../../../../src/domain/billing-engine/invoice-issuer';
import { TestClock } from '../../../../helpers/billing-harness';
import { createTestApp, drivers, type TestContext } from '../../../../helpers/app';

const KEY = 'late-calls-test-service-key-0001';
/** Monday, Mar 2 2026, 9:00 New York: each account's subscription starts here; periods end Apr 2 9:00. */
const START = new Date('2026-03-02T14:00:00Z');
const PERIOD_END = new Date('2026-04-02T13:00:00Z');
const minutes = (n: number) => new Date(PERIOD_END.getTime() + n * 60_000);

describe.each(drivers)('late calls and the period close (%s)', (driver) => {
  let ctx: TestContext;
  const clock = new TestClock(START);

  beforeAll(async () => {
    ctx = await createTestApp(
      driver,
      { TELEPHONY_SERVICE_KEY: KEY, SEED_DEMO: 'false', CLOSE_GRACE_MINUTES: '60' },
      { clock },
    );
  });
  afterAll(() => ctx?.close());

  /** A Team monthly account (30,000 credits) with a card, started at START; its PIN and API token. */
  async function teamAccount(name: string) {
    clock.set(START);
    const [account] = await ctx.database.query<{ id: string }>(
      'insert into accounts (name) values ($1) returning id',
      [name],
    );
    const pin = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
    const [person] = await ctx.database.query<{ id: string }>(
      `insert into people (account_id, full_name, email, pin, is_admin) values ($1, 'Alex Admin', $2, $3, true)
       returning id`,
      [account!.id, `admin-${account!.id}@example.com`, pin],
    );
    const sandbox = ctx.app.payments as unknown as {
      createPaymentMethod(card: object, nonce: string): string;
    };
    const card = sandbox.createPaymentMethod(
      { number: '4242424242424242', expMonth: 12, expYear: 2030 },
      account!.id.slice(0, 8),
    );
    await ctx.database.query(
      "insert into payment_methods (id, account_id, brand, last4, exp_month, exp_year) values ($1, $2, 'visa', '4242', 12, 2030)",
      [card, account!.id],
    );
    await ctx.app.billing.startSubscription(account!.id, 'team-monthly');
    const { token } = await issueApiToken(ctx.database, person!.id);
    return { accountId: account!.id, pin, token };
  }

  const post = async (pin: string, calls: { uuid: string; at: Date; seconds?: number }[]) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: TELEPHONY_CALLS_PATH,
      headers: { [SERVICE_KEY_HEADER]: KEY },
      payload: {
        calls: calls.map((c) => ({
          call_uuid: c.uuid,
          pin,
          call_timestamp: c.at.toISOString(),
          destination: 'IRS Practitioner Priority Service',
          caller_id_number: '+12125550100',
          billed_duration: c.seconds ?? 600,
        })),
      },
    });
    expect(response.json()).toMatchObject({ accepted: calls.length, rejected: [] });
  };
  const get = (token: string, url: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${API_ACCOUNT_BASE}${url}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const invoices = async (token: string) => (await get(token, '/invoices/')).json().invoices as InvoiceDto[];
  const creditsOf = async (uuid: string) =>
    Number(
      (
        await ctx.database.query<{ c: string }>(
          'select credits_used::text as c from calls where call_uuid = $1',
          [uuid],
        )
      )[0]!.c,
    ) / 100;

  it('a call posted in the grace window lands in its own period; one posted after the close is billed in the open period, and every view says so', async () => {
    const { pin, token } = await teamAccount('Late calls practice');
    clock.set(minutes(-24 * 60));
    await post(pin, [{ uuid: 'own-1', at: new Date('2026-03-10T15:00:00Z') }]);

    // Half an hour after the end: the next period has started, the ended one waits for late calls.
    clock.set(minutes(30));
    await ctx.app.closeDuePeriods();
    expect((await invoices(token)).filter((i) => i.kind === 'period')).toEqual([]);
    await post(pin, [
      { uuid: 'grace-1', at: minutes(-10) },
      { uuid: 'next-1', at: minutes(10) },
    ]);

    // The grace window is over: the period closes with its own calls, the one posted in the window too.
    clock.set(minutes(61));
    await ctx.app.closeDuePeriods();
    const [closing] = (await invoices(token)).filter((i) => i.kind === 'period');
    expect(closing).toMatchObject({ summary: 'Period close', timestamp: minutes(60).toISOString() });
    const own = (await creditsOf('own-1')) + (await creditsOf('grace-1'));
    expect(closing!.credits_used).toBeCloseTo(own, 2);

    // Made five minutes before the end, posted after the close: billed in the open period.
    await post(pin, [{ uuid: 'late-1', at: minutes(-5), seconds: 900 }]);
    const late = await creditsOf('late-1');

    const csv = await get(token, `/calls/download/?invoice_id=${closing!.id}`);
    expect(csv.statusCode).toBe(200);
    const rows = (parse(csv.body, { bom: true, columns: true }) as Record<string, string>[]).map((r) => ({
      at: r['Time Stamp (EST)'],
      credits: Number(r['Credits used']),
    }));
    expect(rows.map((r) => r.at)).toEqual(['04/02/2026 08:50:00 AM', '03/10/2026 11:00:00 AM']);
    expect(rows.reduce((sum, r) => sum + r.credits, 0)).toBeCloseTo(closing!.credits_used, 2);

    const usage = (await get(token, '/subscription/')).json() as { total_credits_used: number };
    expect(usage.total_credits_used).toBeCloseTo((await creditsOf('next-1')) + late, 2);

    const from = Math.floor(minutes(-60).getTime() / 1000);
    const to = Math.floor(minutes(60).getTime() / 1000);
    const page = (await get(token, `/calls/?timestampFrom=${from}&timestampTo=${to}`)).json()
      .calls as CallRow[];
    expect(page.map((c) => [c.call_uuid, c.billed_in])).toEqual([
      ['next-1', null],
      ['late-1', { period_start: PERIOD_END.toISOString(), period_end: '2026-05-02T13:00:00.000Z' }],
      ['grace-1', null],
    ]);
  });

  it("a Subscription invoice's call CSV holds no calls (it billed none); the close's holds its period's, not a late call", async () => {
    const { pin, token } = await teamAccount('Prepaid period practice');
    clock.set(minutes(-24 * 60));
    await post(pin, [{ uuid: 'prepaid-own', at: new Date('2026-03-10T15:00:00Z') }]);
    clock.set(minutes(61));
    await ctx.app.closeDuePeriods();
    // Made before the end, posted after the close: billed in the next period, on that period's invoices.
    await post(pin, [{ uuid: 'prepaid-late', at: minutes(-5) }]);

    const all = await invoices(token);
    const start = all.find((i) => i.summary === 'Subscription')!;
    const closing = all.find((i) => i.summary === 'Period close')!;
    const rows = async (invoiceId: string) => {
      const csv = await get(token, `/calls/download/?invoice_id=${invoiceId}`);
      expect(csv.statusCode).toBe(200);
      return (parse(csv.body, { bom: true, columns: true }) as Record<string, string>[]).map(
        (r) => r['Time Stamp (EST)'],
      );
    };
    expect(await rows(closing.id)).toEqual(['03/10/2026 11:00:00 AM']);
    expect(await rows(start.id)).toEqual([]);
  });

  it("each invoice's call CSV holds exactly the calls it billed: the interim's, then the close's since", async () => {
    const { pin, token } = await teamAccount('Interim calls practice');
    // 30 calls of 40 minutes by mid-month: $378 of overage past the plan's 30,000 credits, past the $300
    // mark; 5 more later stay under $500, so the close bills them.
    const early = Array.from({ length: 30 }, (_, i) => ({
      uuid: `interim-${i}`,
      at: new Date(Date.UTC(2026, 2, 3 + (i % 10), 15, i)),
      seconds: 2400,
    }));
    clock.set(new Date('2026-03-16T15:00:00Z'));
    await post(pin, early);
    const later = Array.from({ length: 5 }, (_, i) => ({
      uuid: `after-${i}`,
      at: new Date(Date.UTC(2026, 2, 20 + i, 15)),
      seconds: 2400,
    }));
    clock.set(new Date('2026-03-26T15:00:00Z'));
    await post(pin, later);
    clock.set(minutes(61));
    await ctx.app.closeDuePeriods();

    const all = await invoices(token);
    const interim = all.find((i) => i.summary === 'Interim: $300 mark')!;
    const closing = all.find((i) => i.summary === 'Period close')!;
    const csv = async (invoiceId: string) => {
      const response = await get(token, `/calls/download/?invoice_id=${invoiceId}`);
      expect(response.statusCode).toBe(200);
      const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
      const credits = rows.reduce((sum, r) => sum + Math.round(Number(r['Credits used']) * 100), 0) / 100;
      return { calls: rows.length, credits };
    };
    // Every call is on one invoice: the interim bills the first 30 (the plan's credits, then overage).
    expect(await csv(interim.id)).toEqual({ calls: 30, credits: interim.credits_used });
    expect(await csv(closing.id)).toEqual({ calls: 5, credits: closing.credits_used });
    expect(all.filter((i) => i.summary.startsWith('Interim'))).toHaveLength(1);
  });

  it('an invoice issued before invoices kept their last call (0024) lists its whole period', async () => {
    const { pin, token } = await teamAccount('Before 0024 practice');
    // Three calls of 400 minutes pass the $300 mark (the interim bills them); one more, the close.
    clock.set(new Date('2026-03-16T15:00:00Z'));
    await post(
      pin,
      [3, 4, 5].map((day) => ({
        uuid: `legacy-${day}`,
        at: new Date(Date.UTC(2026, 2, day, 15)),
        seconds: 24_000,
      })),
    );
    clock.set(new Date('2026-03-26T15:00:00Z'));
    await post(pin, [{ uuid: 'legacy-20', at: new Date('2026-03-20T15:00:00Z'), seconds: 60 }]);
    clock.set(minutes(61));
    await ctx.app.closeDuePeriods();
    const all = await invoices(token);
    expect(all.filter((i) => i.summary.startsWith('Interim'))).toHaveLength(1);
    const closing = all.find((i) => i.summary === 'Period close')!;
    const listed = async () => {
      const response = await get(token, `/calls/download/?invoice_id=${closing.id}`);
      return (parse(response.body, { bom: true, columns: true }) as unknown[]).length;
    };
    expect(await listed()).toBe(1);
    // As migration 0024 left an older close: no last call recorded. Issued rows are immutable, so the
    // triggers are off for this one statement, as they are for a migration's own statements.
    await ctx.database.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query('update invoices set calls_through = null where id = $1', [closing.id]);
    });
    expect(await listed()).toBe(4);
  });

  it('a mark crossed by calls posted at the instant the period ends is billed by its one closing invoice', async () => {
    const { pin, token } = await teamAccount('Same instant practice');
    // 40,000 credits by the period's last day: 10,000 of overage ($100) so far, under the $300 mark.
    const early = Array.from({ length: 20 }, (_, i) => ({
      uuid: `busy-${i}`,
      at: new Date(Date.UTC(2026, 2, 3 + i, 15)),
      seconds: 2400,
    }));
    clock.set(minutes(-24 * 60));
    await post(pin, early);
    const before = await invoices(token);
    // The last batch arrives as the period ends, and passes $300 of overage.
    clock.set(PERIOD_END);
    const last = Array.from({ length: 20 }, (_, i) => ({
      uuid: `last-${i}`,
      at: new Date(Date.UTC(2026, 3, 1, 14) - i * 3_600_000),
      seconds: 3600,
    }));
    await post(pin, last);
    const overage = async (like: string) =>
      Number(
        (
          await ctx.database.query<{ o: string }>(
            'select coalesce(sum(overage_credits), 0)::text as o from calls where call_uuid like $1',
            [like],
          )
        )[0]!.o,
      ) / 100;
    expect(await overage('busy-%')).toBeLessThan(30_000);
    expect((await overage('busy-%')) + (await overage('last-%'))).toBeGreaterThan(30_000);
    await ctx.app.closeDuePeriods();
    clock.set(minutes(60));
    await ctx.app.closeDuePeriods();
    const issued = (await invoices(token)).filter((i) => !before.some((b) => b.id === i.id));
    expect(issued.map((i) => [i.summary, i.timestamp])).toEqual([
      ['Period close', minutes(60).toISOString()],
    ]);
    const [{ total }] = (await ctx.database.query<{ total: string }>(
      "select (sum(credits_used) / 100.0)::text as total from calls where call_uuid like 'busy-%' or call_uuid like 'last-%'",
    )) as [{ total: string }];
    expect(issued[0]!.credits_used).toBeCloseTo(Number(total), 2);
  });

  it('lists invoices issued at the same time by number', async () => {
    const { accountId, token } = await teamAccount('Same time practice');
    const [period] = await ctx.database.query<{ id: string }>(
      'select id from billing_periods where account_id = $1',
      [accountId],
    );
    const at = new Date('2026-03-20T15:00:00Z');
    for (let i = 0; i < 4; i++)
      await createInvoice(
        ctx.database,
        {
          accountId,
          kind: 'interim',
          summary: 'Interim: $300 mark',
          periodId: period!.id,
          periodStart: START,
          periodEnd: PERIOD_END,
          issuedAt: at,
          lines: [],
        },
        DEFAULT_ISSUER,
      );
    const same = (await invoices(token)).filter((i) => i.timestamp === at.toISOString()).map((i) => i.number);
    expect(same).toHaveLength(4);
    expect(same).toEqual([...same].sort().reverse());
  });
});
