import type { Transactional } from '../../db/handle';

// What the forecast and the plan advisor read (PLAN-01..05): credits used per business day in the open
// period, and the credits the last closed periods used.

/** A period's ledger sums by bucket, in centicredits: the shape of the period model's PeriodLedger. */
export interface ForecastLedger {
  used: { plan: number; rollover: number; bonus: number; overage: number; unbilled: number };
  left: { plan: number; rollover: number; bonus: number };
}

/**
 * What a period's forecast is worked out from, in one pass over its ledger: the credits used each day
 * (PLAN-01) as days fall in `timeZone` (the caller's business time zone, New York's), and per bucket
 * what is left and what was used (the period model names the plan, rollover and bonus credits from
 * these, as it does for the summary). The same as periodUsage's figures, without its invoice and call
 * counts: the forecast runs with every batch of calls of an account with a forecast alert (SPEND-14).
 */
export async function forecastInputs(
  q: Transactional,
  accountId: string,
  periodId: string,
  timeZone: string,
): Promise<{ usageByDay: { date: string; cc: number }[]; ledger: ForecastLedger }> {
  const [row] = await q.query<{
    days: { date: string; cc: string }[];
    buckets: { bucket: string; total: string; used: string }[];
  }>(
    `with l as (select bucket, kind, amount, at from credit_ledger where account_id = $1 and period_id = $2)
     select coalesce((select json_agg(json_build_object('date', d.date, 'cc', d.cc::text) order by d.date)
                        from (select to_char((at at time zone $3)::date, 'YYYY-MM-DD') as date, -sum(amount) as cc
                                from l where kind = 'use' group by 1) d), '[]') as days,
            coalesce((select json_agg(json_build_object('bucket', b.bucket, 'total', b.total::text, 'used', b.used::text))
               from (select bucket, sum(amount) as total, coalesce(-sum(amount) filter (where kind = 'use'), 0) as used
                       from l group by bucket) b), '[]') as buckets`,
    [accountId, periodId, timeZone],
    { prepare: true },
  );
  const of = (bucket: string) => row!.buckets.find((b) => b.bucket === bucket);
  const used = (bucket: string) => Number(of(bucket)?.used ?? 0) + 0;
  const left = (bucket: string) => Number(of(bucket)?.total ?? 0) + 0;
  return {
    usageByDay: row!.days.map((d) => ({ date: d.date, cc: Number(d.cc) })),
    ledger: {
      used: {
        plan: used('plan'),
        rollover: used('rollover'),
        bonus: used('bonus'),
        overage: used('overage'),
        unbilled: used('unbilled'),
      },
      left: { plan: left('plan'), rollover: left('rollover'), bonus: left('bonus') },
    },
  };
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
