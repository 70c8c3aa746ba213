import type { Transactional } from '../../db/handle';
import type { PeriodBounds } from './periods';
import { planAtSql, toPlan, type Plan, type PlanRow } from './plans-repository';

// The subscriptions and billing_periods tables as the engine reads and moves them. What opening and
// settling a period writes to the ledger is in subscription-periods.ts; when it happens, period-close.ts.

export interface SubscriptionRow {
  account_id: string;
  plan_id: string;
  status: 'active' | 'inactive' | 'paused';
  anchor_at: Date;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  pending_plan_id: string | null;
  is_delinquent: boolean;
  /** Collection's last try was declined with the policy to refuse calls (refused while delinquent). */
  calls_refused: boolean;
}

export interface OpenPeriod extends PeriodBounds {
  id: string;
  accountId: string;
  plan: Plan;
}

interface PeriodRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
  plan_id: string;
}

/**
 * The periods `periodSql` selects (id, starts_at, ends_at, plan_id), each with its plan as it was at
 * the period's start, in the same statement: one round trip however many periods.
 */
const withPlan = (periodSql: string) => `select c.id, c.starts_at, c.ends_at, pl.id as plan_id, pl.name,
    pl.period, pl.price_cents, pl.credits, pl.save, pl.multi_user
  from (${periodSql}) c cross join lateral (${planAtSql('c.starts_at')} where p.id = c.plan_id) pl`;

type PeriodWithPlanRow = PeriodRow & Omit<PlanRow, 'id'>;

const openPeriod = (row: PeriodWithPlanRow, accountId: string): OpenPeriod => ({
  id: row.id,
  accountId,
  start: new Date(row.starts_at),
  end: new Date(row.ends_at),
  plan: toPlan({ ...row, id: row.plan_id }),
});

export async function findSubscription(
  q: Transactional,
  accountId: string,
  lock = false,
): Promise<SubscriptionRow | null> {
  const [row] = await q.query<SubscriptionRow>(
    `select * from subscriptions where account_id = $1${lock ? ' for update' : ''}`,
    [accountId],
  );
  return row ?? null;
}

/** The account's ($1) current period: the open one its subscription is in. */
const CURRENT_PERIOD = `select p.id, p.starts_at, p.ends_at, p.plan_id from billing_periods p
    join subscriptions s on s.account_id = p.account_id and s.current_period_start = p.starts_at
   where p.account_id = $1 and p.closed_at is null`;

export async function currentPeriod(q: Transactional, accountId: string): Promise<OpenPeriod | null> {
  const [row] = await q.query<PeriodWithPlanRow>(withPlan(CURRENT_PERIOD), [accountId], { prepare: true });
  return row ? openPeriod(row, accountId) : null;
}

/**
 * The account's current period and the one before it, their bounds only (Call History's presets), in
 * one statement: the page asks its calls only once these are in.
 */
export async function currentAndPreviousPeriods(
  q: Transactional,
  accountId: string,
): Promise<{ current: PeriodBounds | null; previous: PeriodBounds | null }> {
  const rows = await q.query<{ current: boolean; starts_at: Date; ends_at: Date }>(
    `with current_period as (${CURRENT_PERIOD})
     select true as current, starts_at, ends_at from current_period
     union all
     (select false, b.starts_at, b.ends_at from billing_periods b, current_period c
       where b.account_id = $1 and b.starts_at < c.starts_at
       order by b.starts_at desc limit 1)`,
    [accountId],
  );
  const bounds = (row: (typeof rows)[number] | undefined) =>
    row ? { start: new Date(row.starts_at), end: new Date(row.ends_at) } : null;
  return { current: bounds(rows.find((r) => r.current)), previous: bounds(rows.find((r) => !r.current)) };
}

/** The account's periods not settled yet: the current one, and one that ended within the grace window. */
export async function unsettledPeriods(q: Transactional, accountId: string): Promise<OpenPeriod[]> {
  const rows = await q.query<PeriodWithPlanRow>(
    withPlan(
      'select id, starts_at, ends_at, plan_id from billing_periods where account_id = $1 and closed_at is null',
    ),
    [accountId],
  );
  return rows.map((row) => openPeriod(row, accountId));
}

/** The oldest period of the account that ended by `endedBy` and is not settled yet. */
export async function periodDueToSettle(
  q: Transactional,
  accountId: string,
  endedBy: Date,
): Promise<OpenPeriod | null> {
  const [row] = await q.query<PeriodWithPlanRow>(
    withPlan(`select id, starts_at, ends_at, plan_id from billing_periods
      where account_id = $1 and closed_at is null and ends_at <= $2 order by starts_at limit 1`),
    [accountId, endedBy],
  );
  return row ? openPeriod(row, accountId) : null;
}

/** The open period that starts at `start` (the subscription's current one): its id and plan. */
export async function openPeriodStartingAt(
  q: Transactional,
  accountId: string,
  start: Date,
): Promise<{ id: string; plan_id: string; starts_at: Date } | null> {
  const [row] = await q.query<{ id: string; plan_id: string; starts_at: Date }>(
    `select id, plan_id, starts_at from billing_periods
      where account_id = $1 and starts_at = $2 and closed_at is null`,
    [accountId, start],
  );
  return row ?? null;
}

/** The first period that started after `after` and by `by`, settled or not. */
export async function periodStartedWithin(
  q: Transactional,
  accountId: string,
  after: Date,
  by: Date,
): Promise<{ id: string; plan_id: string; starts_at: Date; ends_at: Date; closed_at: Date | null } | null> {
  const [row] = await q.query<{
    id: string;
    plan_id: string;
    starts_at: Date;
    ends_at: Date;
    closed_at: Date | null;
  }>(
    `select id, plan_id, starts_at, ends_at, closed_at from billing_periods
      where account_id = $1 and starts_at > $2 and starts_at <= $3 order by starts_at limit 1`,
    [accountId, after, by],
  );
  return row ?? null;
}

/** A new open period of the plan; its id. */
export async function insertPeriod(
  q: Transactional,
  accountId: string,
  planId: string,
  start: Date,
  end: Date,
): Promise<string> {
  const [period] = await q.query<{ id: string }>(
    'insert into billing_periods (account_id, plan_id, starts_at, ends_at) values ($1, $2, $3, $4) returning id',
    [accountId, planId, start, end],
  );
  return period!.id;
}

/** The period is settled for good. */
export async function markPeriodClosed(q: Transactional, periodId: string, closedAt: Date): Promise<void> {
  await q.query('update billing_periods set closed_at = $2 where id = $1', [periodId, closedAt]);
}

/** The subscription moves into its next period, on `planId` (any scheduled change is then done). */
export async function moveSubscriptionOn(
  q: Transactional,
  accountId: string,
  next: { planId: string; anchor: Date; start: Date; end: Date },
  now: Date,
): Promise<void> {
  await q.query(
    `update subscriptions set plan_id = $2, pending_plan_id = null, anchor_at = $3,
       current_period_start = $4, current_period_end = $5, updated_at = $6 where account_id = $1`,
    [accountId, next.planId, next.anchor, next.start, next.end, now],
  );
}

/** A cancelled subscription ends with its period. */
export async function endSubscription(q: Transactional, accountId: string, now: Date): Promise<void> {
  await q.query(
    `update subscriptions set status = 'inactive', cancel_at_period_end = false, pending_plan_id = null,
       updated_at = $2 where account_id = $1`,
    [accountId, now],
  );
}

/**
 * The period-close job's list: accounts whose active subscription has a period that ended by `now` (to
 * move on to the next period), and accounts with a period that ended more than the grace window ago and
 * is not settled yet (billing_periods_unsettled_idx).
 */
export async function accountsWithDuePeriods(q: Transactional, now: Date, graceMs = 0): Promise<string[]> {
  const rows = await q.query<{ account_id: string }>(
    `select account_id from subscriptions where status = 'active' and current_period_end <= $1
     union
     select account_id from billing_periods where closed_at is null and ends_at <= $2`,
    [now, new Date(now.getTime() - graceMs)],
  );
  return rows.map((r) => r.account_id);
}
