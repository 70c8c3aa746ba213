import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { seedPlanRows } from '../../src/db/seed/plans';
import { DEFAULT_ISSUER } from '../../src/domain/billing-engine/invoice-issuer';
import { createInvoice } from '../../src/domain/billing-engine/issue-invoice';
import { drivers, openTestDatabase } from '../helpers/app';
import { migrateUpTo } from '../helpers/migrate-up-to';

const ACCOUNT = '00000000-0000-4000-8000-000000000026';
const AT = new Date('2026-06-01T16:00:00Z');

describe.each(drivers)('migration 0026: orders of kind upgrade, with who confirmed them (%s)', (driver) => {
  let database: Database;
  const invoices: string[] = [];
  const order = (invoiceId: string, kind: string, status: string, actor: string | null = null) =>
    database.query(
      `insert into period_start_orders (account_id, invoice_id, kind, plan_id, starts_at, ends_at, status${actor ? ', actor_person_id' : ''})
       values ($1, $2, $3, 'team-monthly', $4, $4, $5${actor ? ', $6' : ''})`,
      [ACCOUNT, invoiceId, kind, AT, status, ...(actor ? [actor] : [])],
    );

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await migrateUpTo(database, '0026_plan_upgrades');
    await seedPlanRows(database);
    await database.query("insert into accounts (id, name) values ($1, 'Practice 26')", [ACCOUNT]);
    for (let i = 0; i < 3; i++)
      invoices.push(
        await database.transaction((tx) =>
          createInvoice(
            tx,
            {
              accountId: ACCOUNT,
              kind: 'start',
              summary: 'Subscription',
              periodId: null,
              periodStart: AT,
              periodEnd: AT,
              issuedAt: AT,
              lines: [],
            },
            DEFAULT_ISSUER,
          ),
        ),
      );
    await order(invoices[0]!, 'renew', 'started');
    await expect(order(invoices[1]!, 'upgrade', 'void')).rejects.toThrow(/period_start_orders_kind_check/);
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('keeps the orders there (no one named), and takes an upgrade naming who confirmed it', async () => {
    const [person] = await database.query<{ id: string }>(
      `insert into people (account_id, full_name, email, is_admin) values ($1, 'Pat', 'pat26@example.com', true)
       returning id`,
      [ACCOUNT],
    );
    await order(invoices[1]!, 'upgrade', 'awaiting_payment', person!.id);
    expect(
      await database.query(
        'select invoice_id, kind, actor_person_id from period_start_orders where account_id = $1 order by kind',
        [ACCOUNT],
      ),
    ).toEqual([
      { invoice_id: invoices[0], kind: 'renew', actor_person_id: null },
      { invoice_id: invoices[1], kind: 'upgrade', actor_person_id: person!.id },
    ]);
    await expect(order(invoices[2]!, 'downgrade', 'void')).rejects.toThrow(/period_start_orders_kind_check/);
  });
});
