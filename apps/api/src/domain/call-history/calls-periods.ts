import type { Transactional } from '../../db/handle';

/**
 * The calls an invoice's CSV holds: those billed in its billing period, which are the period's own calls
 * and any call posted after an earlier period's close (billed late, here). The range spans them all, so
 * the export reads the same index as any range; null when the account has no such invoice.
 */
export async function invoiceRange(
  q: Transactional,
  accountId: string,
  invoiceId: string,
): Promise<{ from: number; to: number; number: string; periodId: string | null } | null> {
  const [row] = await q.query<{
    starts_at: Date;
    ends_at: Date;
    number: string;
    period_id: string | null;
    first_call: Date | null;
    last_call: Date | null;
  }>(
    `select coalesce(p.starts_at, i.period_start) as starts_at, coalesce(p.ends_at, i.period_end) as ends_at,
            i.number, p.id as period_id, c.first_call, c.last_call
       from invoices i
       -- A Subscription invoice (no period_id) is for the period it prepays, which starts at its start.
       left join billing_periods p on p.account_id = i.account_id
             and (p.id = i.period_id or (i.period_id is null and p.starts_at = i.period_start))
       left join lateral (select min(call_timestamp) as first_call, max(call_timestamp) as last_call from calls
                           where account_id = i.account_id and period_id = p.id) c on true
      where i.id = $1 and i.account_id = $2`,
    [invoiceId, accountId],
  );
  if (!row) return null;
  const seconds = (at: Date) => new Date(at).getTime() / 1000;
  const from = Math.min(seconds(row.starts_at), row.first_call ? seconds(row.first_call) : Infinity);
  const to = Math.max(seconds(row.ends_at) - 0.001, row.last_call ? seconds(row.last_call) : -Infinity);
  return { from: Math.floor(from), to: Math.floor(to), number: row.number, periodId: row.period_id };
}

/** The billing period before the one starting at `start`, if any. */
export async function previousPeriod(
  q: Transactional,
  accountId: string,
  start: Date,
): Promise<{ start: Date; end: Date } | null> {
  const [row] = await q.query<{ starts_at: Date; ends_at: Date }>(
    `select starts_at, ends_at from billing_periods where account_id = $1 and starts_at < $2
      order by starts_at desc limit 1`,
    [accountId, start],
  );
  return row ? { start: new Date(row.starts_at), end: new Date(row.ends_at) } : null;
}
