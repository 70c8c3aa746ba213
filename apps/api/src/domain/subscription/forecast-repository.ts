import { BUSINESS_TIME_ZONE } from '@enq/contract';
import type { Transactional } from '../../db/handle';

// What the forecast and the plan advisor read (PLAN-01..05): credits used per New York day in the open
// period, and the credits the last closed periods used.

/** Credits used (every bucket) per business day of a period, in centicredits. */
export async function usageByDay(
  q: Transactional,
  accountId: string,
  periodId: string,
): Promise<{ date: string; cc: number }[]> {
  const rows = await q.query<{ date: string; cc: string }>(
    `select to_char((at at time zone $3)::date, 'YYYY-MM-DD') as date, (-sum(amount))::text as cc
       from credit_ledger where account_id = $1 and period_id = $2 and kind = 'use'
      group by 1 order by 1`,
    [accountId, periodId, BUSINESS_TIME_ZONE],
  );
  return rows.map((r) => ({ date: r.date, cc: Number(r.cc) }));
}

/** The last `limit` closed periods of a monthly plan, newest first, with the credits each used. */
export async function closedMonthlyUsage(
  q: Transactional,
  accountId: string,
  limit: number,
): Promise<{ period_id: string; used_cc: number }[]> {
  const rows = await q.query<{ period_id: string; used_cc: string }>(
    `select p.id as period_id,
            (select coalesce(-sum(amount), 0) from credit_ledger
              where account_id = p.account_id and period_id = p.id and kind = 'use')::text as used_cc
       from billing_periods p join plans pl on pl.id = p.plan_id
      where p.account_id = $1 and p.closed_at is not null and pl.period = 'mo'
      order by p.starts_at desc limit $2`,
    [accountId, limit],
  );
  return rows.map((r) => ({ period_id: r.period_id, used_cc: Number(r.used_cc) }));
}
