import type { Transactional } from '../../db/handle';

/** The range an invoice covers (its billing period), or null when the account has no such invoice. */
export async function invoiceRange(
  q: Transactional,
  accountId: string,
  invoiceId: string,
): Promise<{ from: number; to: number; number: string } | null> {
  const [row] = await q.query<{ starts_at: Date; ends_at: Date; number: string }>(
    `select coalesce(p.starts_at, i.period_start) as starts_at, coalesce(p.ends_at, i.period_end) as ends_at, i.number
       from invoices i left join billing_periods p on p.id = i.period_id
      where i.id = $1 and i.account_id = $2`,
    [invoiceId, accountId],
  );
  if (!row) return null;
  return {
    from: Math.floor(new Date(row.starts_at).getTime() / 1000),
    to: Math.ceil(new Date(row.ends_at).getTime() / 1000) - 1,
    number: row.number,
  };
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
