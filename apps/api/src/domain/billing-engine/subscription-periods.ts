import type { Transactional } from '../../db/handle';
import { insertLedgerEntries, periodUsage, type LedgerEntry } from './ledger-repository';
import { findPlan, type Plan } from './plans-repository';
import { closingCarry, type Carry } from './rules';

export interface SubscriptionRow {
  account_id: string;
  plan_id: string;
  status: 'active' | 'inactive';
  anchor_at: Date;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  pending_plan_id: string | null;
  is_delinquent: boolean;
}

export interface OpenPeriod {
  id: string;
  accountId: string;
  start: Date;
  end: Date;
  plan: Plan;
}

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

export async function currentPeriod(q: Transactional, accountId: string): Promise<OpenPeriod | null> {
  const [row] = await q.query<{ id: string; starts_at: Date; ends_at: Date; plan_id: string }>(
    `select p.id, p.starts_at, p.ends_at, p.plan_id from billing_periods p
       join subscriptions s on s.account_id = p.account_id and s.current_period_start = p.starts_at
      where p.account_id = $1 and p.closed_at is null`,
    [accountId],
  );
  if (!row) return null;
  const plan = await findPlan(q, row.plan_id);
  return { id: row.id, accountId, start: new Date(row.starts_at), end: new Date(row.ends_at), plan: plan! };
}

/** The account's periods not settled yet: the current one, and one that ended within the grace window. */
export async function unsettledPeriods(q: Transactional, accountId: string): Promise<OpenPeriod[]> {
  const rows = await q.query<{ id: string; starts_at: Date; ends_at: Date; plan_id: string }>(
    'select id, starts_at, ends_at, plan_id from billing_periods where account_id = $1 and closed_at is null',
    [accountId],
  );
  const periods: OpenPeriod[] = [];
  for (const row of rows) {
    const plan = (await findPlan(q, row.plan_id))!;
    periods.push({ id: row.id, accountId, start: new Date(row.starts_at), end: new Date(row.ends_at), plan });
  }
  return periods;
}

/**
 * Opens a period and grants its plan credits, and what the previous period carried in: rollover into
 * the rollover bucket, bonus into the bonus bucket (0 when nothing carries: a start or a renewal).
 * A carry above the rollover cap of the plan it opens (MONEY-03: rollover and bonus together at most 3x
 * its monthly credits, nothing into an annual period) is refused, not trimmed: the previous period has
 * carried it out, so trimming here would lose credits from the ledger. settlePeriod carries within it.
 */
export async function openPeriod(
  q: Transactional,
  accountId: string,
  plan: Plan,
  start: Date,
  end: Date,
  carryIn: Carry | 0,
): Promise<string> {
  if (carryIn !== 0) {
    const within = closingCarry({ plan: 0, ...carryIn }, 'mo', plan).carry;
    if (within.rollover !== carryIn.rollover || within.bonus !== carryIn.bonus)
      throw new Error(
        `a carry of ${carryIn.rollover} + ${carryIn.bonus} cc is above the rollover cap of ${plan.id}`,
      );
  }
  const [period] = await q.query<{ id: string }>(
    'insert into billing_periods (account_id, plan_id, starts_at, ends_at) values ($1, $2, $3, $4) returning id',
    [accountId, plan.id, start, end],
  );
  const entries: LedgerEntry[] = [
    {
      accountId,
      periodId: period!.id,
      bucket: 'plan',
      kind: 'grant',
      amount: plan.creditsCc,
      at: start,
      note: plan.id,
    },
  ];
  for (const bucket of ['rollover', 'bonus'] as const) {
    const amount = carryIn === 0 ? 0 : carryIn[bucket];
    if (amount > 0)
      entries.push({ accountId, periodId: period!.id, bucket, kind: 'carry_in', amount, at: start });
  }
  await insertLedgerEntries(q, entries);
  return period!.id;
}

/**
 * Writes the close of a period: carry out what rolls over, expire the rest. Returns the carry by the
 * bucket it lands in next. Plan and rollover credits fill the cap before bonus (closingCarry); within
 * them the older rollover credits go first, so the carry out is taken from rollover, then plan.
 */
export async function settlePeriod(
  q: Transactional,
  period: OpenPeriod,
  next: Plan | null,
  at: Date,
  /** When the close happens: after the period's end by the grace window (docs/billing.md). */
  closedAt: Date = at,
): Promise<Carry> {
  const usage = await periodUsage(q, period.accountId, period.id);
  const { carry } = closingCarry(
    usage.left,
    period.plan.period,
    next ? { period: next.period, creditsCc: next.creditsCc } : null,
  );
  const left = (bucket: 'plan' | 'rollover' | 'bonus') => Math.max(usage.left[bucket], 0);
  const fromRollover = Math.min(left('rollover'), carry.rollover);
  const fromPlan = carry.rollover - fromRollover;
  const entries: LedgerEntry[] = [];
  const add = (bucket: 'plan' | 'rollover' | 'bonus', kind: 'carry_out' | 'expire', amount: number) => {
    if (amount > 0)
      entries.push({ accountId: period.accountId, periodId: period.id, bucket, kind, amount: -amount, at });
  };
  add('rollover', 'carry_out', fromRollover);
  add('plan', 'carry_out', fromPlan);
  add('bonus', 'carry_out', carry.bonus);
  add('rollover', 'expire', left('rollover') - fromRollover);
  add('plan', 'expire', left('plan') - fromPlan);
  add('bonus', 'expire', left('bonus') - carry.bonus);
  await insertLedgerEntries(q, entries);
  await q.query('update billing_periods set closed_at = $2 where id = $1', [period.id, closedAt]);
  return carry;
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
