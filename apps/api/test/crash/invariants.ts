// What a restart after kill -9 must find, read straight from the database (docs/billing.md): every
// balance is a sum over the credit ledger, each invoice's lines add up to its totals, an invoice is
// paid once.
import { expect } from 'vitest';
import type { Database } from '../../src/db/client';

export interface OverviewCredits {
  accountId: string;
  /** subscription_info.total_credits_used as GET /api/v1/account/ answered it after the restart. */
  totalCreditsUsed: number;
}

/**
 * The ledger balances: per period, the credits its "use" entries took equal the credits of the calls
 * booked to it, and each call's split adds up to its credits; the overview's "credits used" is the
 * ledger's figure for the open period.
 */
export async function expectLedgerBalances(database: Database, overview: OverviewCredits): Promise<void> {
  const mismatched = await database.query(
    `with used as (
       select account_id, period_id, -sum(amount)::bigint as ledger
         from credit_ledger where kind = 'use' group by account_id, period_id),
     called as (
       select account_id, period_id, sum(credits_used)::bigint as calls
         from calls where period_id is not null group by account_id, period_id)
     select coalesce(u.account_id, c.account_id) as account_id, coalesce(u.period_id, c.period_id) as period_id,
            coalesce(u.ledger, 0) as ledger, coalesce(c.calls, 0) as calls
       from used u full join called c on c.account_id = u.account_id and c.period_id = u.period_id
      where coalesce(u.ledger, 0) <> coalesce(c.calls, 0)`,
  );
  expect(mismatched).toEqual([]);
  const [split] = await database.query<{ n: number }>(
    `select count(*)::int as n from calls
      where plan_credits + rollover_credits + bonus_credits + overage_credits + unbilled_credits <> credits_used`,
  );
  expect(split!.n).toBe(0);
  const [open] = await database.query<{ used: string }>(
    `select coalesce(-sum(amount), 0)::text as used from credit_ledger
      where account_id = $1 and kind = 'use'
        and period_id = (select id from billing_periods where account_id = $1 and closed_at is null)`,
    [overview.accountId],
  );
  expect(Number(open!.used) / 100).toBe(overview.totalCreditsUsed);
}

/**
 * Invoices reconcile: lines add up to the subtotal, subtotal plus tax is the total; no invoice has two
 * successful payments; a paid (or later refunded) invoice has its successful payment and an open or
 * void one has none.
 */
export async function expectInvoicesReconcile(database: Database): Promise<void> {
  const badTotals = await database.query(
    `select i.number, i.subtotal_cents, i.tax_cents, i.total_cents, coalesce(sum(l.amount_cents), 0) as lines
       from invoices i left join invoice_lines l on l.account_id = i.account_id and l.invoice_id = i.id
      group by i.account_id, i.id
     having coalesce(sum(l.amount_cents), 0) <> i.subtotal_cents or i.subtotal_cents + i.tax_cents <> i.total_cents`,
  );
  expect(badTotals).toEqual([]);
  const twice = await database.query(
    `select invoice_id, count(*)::int as n from payments where status = 'succeeded'
      group by account_id, invoice_id having count(*) > 1`,
  );
  expect(twice).toEqual([]);
  const disagreeing = await database.query(
    `select i.number, i.status from invoices i
      where (i.status in ('open', 'void')) = exists (
        select 1 from payments p where p.account_id = i.account_id and p.invoice_id = i.id and p.status = 'succeeded')
        and exists (select 1 from payments p where p.account_id = i.account_id and p.invoice_id = i.id)`,
  );
  expect(disagreeing).toEqual([]);
}
