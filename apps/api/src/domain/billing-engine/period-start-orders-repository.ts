import type { Transactional } from '../../db/handle';

export interface PeriodStartOrder {
  account_id: string;
  invoice_id: string;
  kind: OrderKind;
  plan_id: string;
  starts_at: Date;
  ends_at: Date;
  ends_period_id: string | null;
  actor_person_id: string | null;
  actor_reason: string | null;
}

/** A start, an early renewal, an upgrade now or a resume (docs/billing.md): each opens only once it is paid. */
export type OrderKind = 'start' | 'renew' | 'upgrade' | 'resume';

export async function insertOrder(
  q: Transactional,
  order: {
    accountId: string;
    invoiceId: string;
    kind: OrderKind;
    planId: string;
    start: Date;
    end: Date;
    endsPeriodId: string | null;
    actorPersonId?: string | null;
    actorReason?: string | null;
  },
) {
  await q.query(
    `insert into period_start_orders (account_id, invoice_id, kind, plan_id, starts_at, ends_at, ends_period_id,
                                      actor_person_id, actor_reason)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      order.accountId,
      order.invoiceId,
      order.kind,
      order.planId,
      order.start,
      order.end,
      order.endsPeriodId,
      order.actorPersonId ?? null,
      order.actorReason ?? null,
    ],
  );
}

/** The order waiting for its invoice to be paid (one per account at most, by a unique index). */
export async function awaitingOrder(q: Transactional, accountId: string, invoiceId?: string) {
  const [row] = await q.query<PeriodStartOrder>(
    `select account_id, invoice_id, kind, plan_id, starts_at, ends_at, ends_period_id, actor_person_id,
            actor_reason
       from period_start_orders
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

/** An upgrade paid: the open period and the subscription go on with the new plan (nothing scheduled). */
export async function upgradePlan(
  q: Transactional,
  accountId: string,
  periodId: string,
  planId: string,
  at: Date,
) {
  await q.query('update billing_periods set plan_id = $3 where account_id = $1 and id = $2', [
    accountId,
    periodId,
    planId,
  ]);
  await q.query(
    `update subscriptions set plan_id = $2, pending_plan_id = null, cancel_at_period_end = false, updated_at = $3
      where account_id = $1`,
    [accountId, planId, at],
  );
}

/** The upgrade to `planId` of the period that was paid, if there was one: a confirmation's answer again. */
export async function startedUpgrade(q: Transactional, accountId: string, periodId: string, planId: string) {
  const [row] = await q.query<{ invoice_id: string }>(
    `select invoice_id from period_start_orders
      where account_id = $1 and ends_period_id = $2 and plan_id = $3 and kind = 'upgrade' and status = 'started'`,
    [accountId, periodId, planId],
  );
  return row?.invoice_id ?? null;
}

/**
 * The upgrade to `planId` paid only after its period closed, that period having ended at `since` or
 * later (the one just before the current): the invoice a late confirmation of it still names, so it is
 * told of the refund (PLAN-13) rather than quoted anew.
 */
export async function lateUpgrade(q: Transactional, accountId: string, planId: string, since: Date) {
  const [row] = await q.query<{ invoice_id: string }>(
    `select o.invoice_id from period_start_orders o
       join refund_attempts r on r.account_id = o.account_id and r.request_key = 'late-upgrade:' || o.invoice_id
      where o.account_id = $1 and o.plan_id = $2 and o.kind = 'upgrade' and o.status = 'started'
        and o.ends_at >= $3
      order by o.starts_at desc limit 1`,
    [accountId, planId, since],
  );
  return row?.invoice_id ?? null;
}
