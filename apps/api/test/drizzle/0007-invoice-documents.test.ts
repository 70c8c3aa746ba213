import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { DEFAULT_SELLER } from '../../src/domain/billing-engine/invoice-issuer';
import { drivers, openTestDatabase } from '../helpers/app';
import { migrateUpTo } from '../helpers/migrate-up-to';

const APR = ['2026-04-04T13:00:00Z', '2026-05-04T13:00:00Z'] as const;
const MAY = ['2026-05-04T13:00:00Z', '2026-06-04T13:00:00Z'] as const;

describe.each(drivers)('migration 0007: existing invoices become documents (%s)', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await migrateUpTo(database, '0007_invoice_documents');
    // April closed with 30,000 credits in the plan and 50,000 overage: $310 of it on an interim invoice,
    // the rest on the closing invoice, which (as invoices were made until now) carried May's dates.
    await database.query(
      "insert into plans (id, name, period, price_cents, credits) values ('team-monthly', 'Team', 'mo', 30000, 30000)",
    );
    await database.query(
      `insert into accounts (id, name, service_address, billing_address, tax_status) values
       ('00000000-0000-4000-8000-000000000001', 'Old Practice', '{"line1":"1 Main St","city":"Bangor","state":"ME","postal_code":"04401","country":"US"}', null, 'Taxable')`,
    );
    await database.query(
      `insert into people (account_id, full_name, email, is_admin) values
       ('00000000-0000-4000-8000-000000000001', 'Olive Owner', 'olive@old.example', true)`,
    );
    await database.query(
      `insert into billing_periods (id, account_id, plan_id, starts_at, ends_at, closed_at) values
       ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'team-monthly', $1, $2, $2),
       ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', 'team-monthly', $3, $4, null)`,
      [...APR, ...MAY],
    );
    await database.query(
      `insert into credit_ledger (account_id, period_id, bucket, kind, amount, at) values
       ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000a', 'plan', 'grant', 3000000, $1),
       ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000a', 'plan', 'use', -3000000, $1),
       ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000a', 'overage', 'use', -5000000, $1)`,
      [APR[0]],
    );
    await database.query(
      `insert into invoices (id, account_id, number, kind, period_id, period_start, period_end, issued_at, status,
                             subscription_cents, overage_credits, overage_cents, total_cents, credits_used) values
       ('in_interim', '00000000-0000-4000-8000-000000000001', 'ENQ-202604-00000001', 'interim',
        '00000000-0000-4000-8000-00000000000a', $1, $2, '2026-04-28T13:00:00Z', 'paid', 0, 3100000, 31000, 31000, 3100000),
       ('in_close', '00000000-0000-4000-8000-000000000001', 'ENQ-202605-00000002', 'period',
        '00000000-0000-4000-8000-00000000000a', $3, $4, $2, 'paid', 30000, 1900000, 19000, 49000, 8000000)`,
      [...APR, ...MAY],
    );
    await database.query(
      `insert into invoice_lines (invoice_id, kind, description, quantity, amount_cents) values
       ('in_interim', 'overage', 'Overage credits at $0.01 per credit', 3100000, 31000),
       ('in_close', 'subscription', 'Team plan, monthly', 1, 30000),
       ('in_close', 'overage', 'Overage credits at $0.01 per credit', 1900000, 19000)`,
    );
    await database.query(
      `insert into payments (id, account_id, invoice_id, idempotency_key, amount_cents, status) values
       ('pi_1', '00000000-0000-4000-8000-000000000001', 'in_close', 'auto:in_close', 49000, 'succeeded')`,
    );
    await database.query(
      "insert into refunds (id, invoice_id, payment_id, amount_cents, reason) values ('re_1', 'in_close', 'pi_1', 49000, 'goodwill')",
    );
    await database.migrate();
  }, 60_000);
  afterAll(() => database?.close());

  it('the closing invoice claims the period it closed, with its included credits, and its lines name their periods', async () => {
    const invoices = await database.query<{
      id: string;
      summary: string;
      period_start: Date;
      period_end: Date;
      credits_used: string;
      subtotal_cents: number;
      total_cents: number;
    }>(
      'select id, summary, period_start, period_end, credits_used::text, subtotal_cents, total_cents from invoices order by issued_at',
    );
    expect(
      invoices.map((i) => [i.id, i.summary, new Date(i.period_start).toISOString(), i.credits_used]),
    ).toEqual([
      ['in_interim', 'Interim: $300 mark', new Date(APR[0]).toISOString(), '3100000'],
      ['in_close', 'Period close', new Date(APR[0]).toISOString(), '4900000'],
    ]);
    // Both rows together claim April's 80,000 credits, each credit once.
    expect(invoices.reduce((sum, i) => sum + Number(i.credits_used), 0)).toBe(8_000_000);
    expect(invoices[1]).toMatchObject({ subtotal_cents: 49000, total_cents: 49000 });
    const lines = await database.query<{
      kind: string;
      period_start: Date;
      quantity: string;
      amount_cents: number;
    }>(
      "select kind, period_start, quantity::text, amount_cents from invoice_lines where invoice_id = 'in_close' order by kind",
    );
    expect(
      lines.map((l) => [l.kind, new Date(l.period_start).toISOString(), l.quantity, l.amount_cents]),
    ).toEqual([
      ['included', new Date(APR[0]).toISOString(), '3000000', 0],
      ['overage', new Date(APR[0]).toISOString(), '1900000', 19000],
      ['subscription', new Date(MAY[0]).toISOString(), '1', 30000],
    ]);
  });

  it('each invoice keeps the seller, the buyer as they stood, and the credit note its number', async () => {
    const [invoice] = await database.query<{ seller: unknown; buyer: Record<string, unknown> }>(
      "select seller, buyer from invoices where id = 'in_close'",
    );
    expect(invoice!.seller).toEqual(DEFAULT_SELLER);
    expect(invoice!.buyer).toMatchObject({
      name: 'Old Practice',
      email: 'olive@old.example',
      tax_status: 'Taxable',
    });
    expect(invoice!.buyer.service_address).toMatchObject({ line1: '1 Main St', city: 'Bangor' });
    const [refund] = await database.query<{ number: string }>("select number from refunds where id = 're_1'");
    expect(refund!.number).toBe('ENQ-202605-00000002-CN1');
    await database.query(
      "update accounts set name = 'New Name' where id = '00000000-0000-4000-8000-000000000001'",
    );
    const [again] = await database.query<{ buyer: { name: string } }>(
      "select buyer from invoices where id = 'in_close'",
    );
    expect(again!.buyer.name).toBe('Old Practice');
  });
});
