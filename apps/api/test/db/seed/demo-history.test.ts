import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import { seedDemoData, seedReferenceData } from '../../../src/db/seed';
import { DEMO_ACCOUNT_NAME, DEMO_ANNUAL } from '../../../src/db/seed/demo-account';
import { invoiceDetail, listInvoiceDtos } from '../../../src/domain/invoices';
import { openTestDatabase } from '../../helpers/app';
import { invoiceProblems } from '../../helpers/billing-reconcile';
import { demoRuleBreaks, pinChainBreaks } from './demo-obeys-rules';

/** The demo as `npm start` would make it on this day: docs/billing.md's worked example is its output. */
const NOW = new Date('2026-11-24T17:00:00Z');
const docs = readFileSync(new URL('../../../../../docs/billing.md', import.meta.url), 'utf8');

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric' });
const span = (start: string, end: string) => `${day(start)} – ${day(end)}`;
const credits = (n: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (n: number) => `$${credits(n)}`;

describe('the 14-month demo history (PGlite)', () => {
  let database: Database;
  let accounts: { id: string; name: string }[];
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await database.migrate();
    await seedReferenceData(database);
    await seedDemoData(database, undefined, NOW);
    accounts = await database.query(
      'select id, name from accounts where name = any($1) order by name = $2 desc',
      [[DEMO_ACCOUNT_NAME, DEMO_ANNUAL.accountName], DEMO_ACCOUNT_NAME],
    );
  }, 120_000);
  afterAll(() => database?.close());

  it('every invoice of both demo accounts reconciles with the ledger (overage billed once, rows as documented)', async () => {
    expect(accounts.map((a) => a.name)).toEqual([DEMO_ACCOUNT_NAME, DEMO_ANNUAL.accountName]);
    const all = await database.query<{ id: string }>('select id from accounts');
    for (const account of all) expect(await invoiceProblems(database, account.id)).toEqual([]);
  });

  it("ACT-01 the demo's Activity tells each person's PINs in order: added with one, each change from the one before, ending at the PIN they have", async () => {
    expect(await pinChainBreaks(database)).toEqual([]);
  });

  it("the demo's calls obeyed authorize (MONEY-04, SPEND-07, SPEND-08) and each 100% alert went out the day the plan was used up", async () => {
    const annual = await database.query<{ unbilled: string; last: string }>(
      `select coalesce(sum(unbilled_credits), 0)::text as unbilled,
              coalesce((array_agg(credits_used order by call_timestamp desc))[1], 0)::text as last
         from calls c join accounts a on a.id = c.account_id where a.name = $1`,
      [DEMO_ANNUAL.accountName],
    );
    // Only the call that crossed zero (authorized while credits were left) may run past the plan.
    expect(Number(annual[0]!.unbilled)).toBeLessThanOrEqual(Number(annual[0]!.last));
    expect(await demoRuleBreaks(database)).toEqual([]);
    // Still the account whose credits are used up: its plan ran out, and its 100% alert says so.
    const [ranOut] = await database.query<{ n: number }>(
      `select count(*)::int as n from spend_alert_firings f join accounts a on a.id = f.account_id
        where a.name = $1 and f.kind = 'plan_percent' and f.amount = 100`,
      [DEMO_ANNUAL.accountName],
    );
    expect(ranOut!.n).toBe(1);
  });

  it('each period close made one invoice; the last one was declined and is open to pay', async () => {
    const practice = accounts[0]!.id;
    const [periods] = await database.query<{ closed: number }>(
      'select count(*)::int as closed from billing_periods where account_id = $1 and closed_at is not null',
      [practice],
    );
    const { invoices, amount_due } = await listInvoiceDtos(database, practice);
    expect(invoices.filter((i) => i.kind === 'period')).toHaveLength(periods!.closed);
    expect(periods!.closed).toBe(14);
    const open = invoices.filter((i) => i.status === 'open');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: 'period', summary: 'Period close' });
    expect(amount_due).toBe(open[0]!.total);
    const detail = await invoiceDetail(database, practice, open[0]!.id);
    // The close's charge and each collection try since (days 3, 10, ... of its schedule) were declined;
    // the invoice is still in collection, with its next try ahead.
    const [collection] = await database.query<{ failures: number; next_try_at: Date | null }>(
      'select failures, next_try_at from payment_collections where invoice_id = $1',
      [open[0]!.id],
    );
    expect(detail!.payments).toHaveLength(collection!.failures);
    expect(detail!.payments.length).toBeGreaterThanOrEqual(1);
    for (const payment of detail!.payments)
      expect(payment).toMatchObject({
        status: 'failed',
        failure_message: 'Your card has insufficient funds.',
      });
    expect(collection!.next_try_at).not.toBeNull();
    const [sub] = await database.query<{ is_delinquent: boolean }>(
      'select is_delinquent from subscriptions where account_id = $1',
      [practice],
    );
    expect(sub!.is_delinquent).toBe(true);
  });

  it('each demo customer has been one since its history began (the console shows it as "Customer since")', async () => {
    const rows = await database.query<{ name: string; since: string; began: string }>(
      `select a.name, a.created_at::text as since, min(p.starts_at)::text as began
         from accounts a join billing_periods p on p.account_id = a.id
        group by a.id order by a.name`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.since, row.name).toBe(row.began);
    expect(new Date(rows.find((r) => r.name === DEMO_ACCOUNT_NAME)!.since).getTime()).toBeLessThan(
      NOW.getTime() - 365 * 86_400_000,
    );
  });

  it("docs/billing.md's worked example is the demo's own busiest months, figure for figure", async () => {
    const practice = accounts[0]!.id;
    const { invoices } = await listInvoiceDtos(database, practice);
    const rows: string[] = [];
    for (const invoice of [...invoices].reverse()) {
      if (invoice.period_start < '2026-03-01' || invoice.period_start > '2026-05-01') continue;
      const detail = (await invoiceDetail(database, practice, invoice.id))!;
      rows.push(
        `| ${day(invoice.timestamp)} | ${invoice.summary} | ${span(invoice.period_start, invoice.period_end)} | ${credits(invoice.credits_used)} | ${money(invoice.total)} |`,
      );
      for (const line of detail.lines)
        rows.push(
          `|  | ${line.description} | ${span(line.period_start, line.period_end)} | ${line.kind === 'subscription' ? '' : credits(line.quantity)} | ${money(line.amount)} |`,
        );
    }
    expect(rows.length).toBeGreaterThan(8);
    const table = rows.join('\n');
    // Prettier pads table cells: compare with the padding taken out.
    const cells = (text: string) => text.replace(/ *\| */g, '|');
    expect(cells(docs), `docs/billing.md should hold this table:\n${table}`).toContain(cells(table));
  });
});
