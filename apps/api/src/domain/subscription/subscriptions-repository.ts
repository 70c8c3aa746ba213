import type { TaxStatus } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import type { SumRow } from '../billing-engine/ledger-repository';
import type { PlanRow } from '../billing-engine/plans-repository';

// The subscription as the subscription page and the overview read it, and the changes a customer
// makes to it (a scheduled plan change, keeping the plan, cancelling). Starting, renewing and moving
// periods are the billing engine's (billing-engine/subscription-periods-repository.ts).

export interface SubscriptionStatus {
  isActive: boolean;
  /** The plan allows sub-account users. */
  multiUser: boolean;
}

/** Whether the account's subscription is active, and what its plan allows. No subscription: inactive. */
export async function getSubscriptionStatus(
  database: Transactional,
  accountId: string,
): Promise<SubscriptionStatus> {
  const [row] = await database.query<{ status: string; multi_user: boolean }>(
    `select s.status, p.multi_user from subscriptions s join plans p on p.id = s.plan_id where s.account_id = $1`,
    [accountId],
  );
  return { isActive: row?.status === 'active', multiUser: row?.multi_user ?? false };
}

export interface SnapshotRow {
  status: 'active' | 'inactive' | 'paused' | null;
  cancel_at_period_end: boolean | null;
  pending_plan_id: string | null;
  is_delinquent: boolean | null;
  plan: PlanRow | null;
  next_plan: PlanRow | null;
  period_id: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  sums: SumRow[] | null;
  invoiced: string | null;
  invoiced_cents: string | null;
  calls: number | null;
  overage_calls: number | null;
  users: number;
  /** The pause scheduled or under way, as JSON (timestamps as text); null: none. */
  pause: {
    status: string;
    starts_at: string;
    resume_at: string;
    carry_rollover_cc: number | null;
    carry_bonus_cc: number | null;
    decline_message: string | null;
  } | null;
}

// A plan as a JSON row, with the price, credits and save label of its version in force at `at` (CAT-02):
// the current period's as it began, the next one's as it will begin.
const planAt = (id: string, at: string) => `
    select to_jsonb(p) || coalesce((
      select jsonb_build_object('price_cents', v.price_cents, 'credits', v.credits, 'save', v.save)
        from plan_versions v where v.plan_id = p.id and v.effective_from <= ${at}
       order by v.effective_from desc limit 1), '{}'::jsonb) as plan
      from plans p where p.id = ${id}`;

/**
 * Everything the summary needs in one statement (it is on the overview, the most visited page): the
 * subscription with its plan and pending plan, the open period of an active subscription, that period's
 * ledger sums, invoiced overage and call counts, and the account's users with a PIN.
 */
export const SNAPSHOT_SQL = `
select s.status, s.cancel_at_period_end, s.pending_plan_id, s.is_delinquent,
       pl.plan, np.plan as next_plan,
       per.id as period_id, per.starts_at, per.ends_at,
       (select json_agg(sums) from (
          select bucket, kind, sum(amount)::text as total from credit_ledger
           where account_id = $1 and period_id = per.id group by bucket, kind) sums) as sums,
       inv.invoiced, inv.invoiced_cents,
       c.calls, c.overage_calls,
       (select count(*)::int from people where account_id = $1 and pin is not null) as users,
       (select to_jsonb(pp) from (
          select status, starts_at, resume_at, carry_rollover_cc, carry_bonus_cc, decline_message
            from plan_pauses where account_id = $1 and status in ('scheduled', 'paused')) pp) as pause
  from (select 1) one
  left join subscriptions s on s.account_id = $1
  left join lateral (${planAt('s.plan_id', 's.current_period_start')}) pl on true
  left join lateral (${planAt('coalesce(s.pending_plan_id, s.plan_id)', 's.current_period_end')}) np on true
  left join lateral (
    select p.id, p.starts_at, p.ends_at from billing_periods p
     where p.account_id = $1 and p.closed_at is null and p.starts_at = s.current_period_start
       and s.status = 'active') per on true
  left join lateral (
    select coalesce(sum(overage_credits), 0)::text as invoiced, coalesce(sum(overage_cents), 0)::text as invoiced_cents
      from invoices where account_id = $1 and period_id = per.id and status <> 'void') inv on true
  left join lateral (
    select count(*)::int as calls, count(*) filter (where overage_credits > 0)::int as overage_calls
      from calls where account_id = $1 and period_id = per.id and credits_used > 0) c on per.id is not null`;

/** The subscription summary's row (SNAPSHOT_SQL). */
export async function readSnapshot(q: Transactional, accountId: string): Promise<SnapshotRow> {
  const [row] = await q.query<SnapshotRow>(SNAPSHOT_SQL, [accountId], { prepare: true });
  return row!;
}

/** The account's tax status and how many sub-account users (not the admin) have a PIN; null: no account. */
export async function planChangeAccount(
  q: Transactional,
  accountId: string,
): Promise<{ sub_users: number; tax_status: TaxStatus } | null> {
  const [account] = await q.query<{ sub_users: number; tax_status: TaxStatus }>(
    `select a.tax_status, (select count(*)::int from people
                             where account_id = a.id and not is_admin and pin is not null) as sub_users
       from accounts a where a.id = $1`,
    [accountId],
  );
  return account ?? null;
}

export async function accountTaxStatus(q: Transactional, accountId: string): Promise<TaxStatus> {
  const [account] = await q.query<{ tax_status: TaxStatus }>(
    'select tax_status from accounts where id = $1',
    [accountId],
  );
  return account!.tax_status;
}

/** The plan changes to `planId` at the end of the current period (a cancellation is withdrawn). */
export async function schedulePlanChange(
  q: Transactional,
  accountId: string,
  planId: string,
  now: Date,
): Promise<void> {
  await q.query(
    `update subscriptions set pending_plan_id = $2, cancel_at_period_end = false, updated_at = $3 where account_id = $1`,
    [accountId, planId, now],
  );
}

/** The cancellation or the scheduled change undone: the plan goes on as it is. */
export async function undoScheduledChange(q: Transactional, accountId: string, now: Date): Promise<void> {
  await q.query(
    'update subscriptions set pending_plan_id = null, cancel_at_period_end = false, updated_at = $2 where account_id = $1',
    [accountId, now],
  );
}

/** The subscription ends with the current period (a scheduled change is dropped). */
export async function cancelAtPeriodEnd(q: Transactional, accountId: string, now: Date): Promise<void> {
  await q.query(
    'update subscriptions set cancel_at_period_end = true, pending_plan_id = null, updated_at = $2 where account_id = $1',
    [accountId, now],
  );
}

/** An invoice's total in cents (null: no such invoice of the account). */
export async function invoiceTotal(q: Transactional, accountId: string, invoiceId: string) {
  const [row] = await q.query<{ total_cents: number }>(
    'select total_cents from invoices where account_id = $1 and id = $2',
    [accountId, invoiceId],
  );
  return row?.total_cents ?? null;
}
