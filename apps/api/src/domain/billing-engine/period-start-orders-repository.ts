import type { Transactional } from '../../db/handle';

export interface PeriodStartOrder {
  account_id: string;
  invoice_id: string;
  kind: 'start' | 'renew';
  plan_id: string;
  starts_at: Date;
  ends_at: Date;
  ends_period_id: string | null;
}

export async function insertOrder(
  q: Transactional,
  order: {
    accountId: string;
    invoiceId: string;
    kind: 'start' | 'renew';
    planId: string;
    start: Date;
    end: Date;
    endsPeriodId: string | null;
  },
) {
  await q.query(
    `insert into period_start_orders (account_id, invoice_id, kind, plan_id, starts_at, ends_at, ends_period_id)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [order.accountId, order.invoiceId, order.kind, order.planId, order.start, order.end, order.endsPeriodId],
  );
}

/** The order waiting for its invoice to be paid (one per account at most, by a unique index). */
export async function awaitingOrder(q: Transactional, accountId: string, invoiceId?: string) {
  const [row] = await q.query<PeriodStartOrder>(
    `select account_id, invoice_id, kind, plan_id, starts_at, ends_at, ends_period_id from period_start_orders
      where account_id = $1 and status = 'awaiting_payment'${invoiceId ? ' and invoice_id = $2' : ''}`,
    invoiceId ? [accountId, invoiceId] : [accountId],
    { prepare: true },
  );
  return row ?? null;
}

export async function decideOrder(
  q: Transactional,
  accountId: string,
  invoiceId: string,
  status: 'started' | 'void',
  at: Date,
) {
  await q.query(
    `update period_start_orders set status = $3, decided_at = $4
      where account_id = $1 and invoice_id = $2 and status = 'awaiting_payment'`,
    [accountId, invoiceId, status, at],
  );
}

/** Makes the subscription's current period the one that starts now (a start, or an early renewal). */
export async function upsertSubscriptionPeriod(
  q: Transactional,
  accountId: string,
  planId: string,
  start: Date,
  end: Date,
) {
  await q.query(
    `insert into subscriptions (account_id, plan_id, status, anchor_at, current_period_start, current_period_end)
     values ($1, $2, 'active', $3, $3, $4)
     on conflict (account_id) do update set plan_id = $2, status = 'active', anchor_at = $3,
       current_period_start = $3, current_period_end = $4, cancel_at_period_end = false,
       pending_plan_id = null, updated_at = $3`,
    [accountId, planId, start, end],
  );
}

export async function endPeriodEarly(q: Transactional, periodId: string, at: Date) {
  await q.query('update billing_periods set ends_at = $2 where id = $1', [periodId, at]);
}
