import type { Transactional } from '../../db/handle';

/** Whether the account's admin asked for the monthly usage report (REPORT-01); no row is no. */
export async function monthlyReportEnabled(q: Transactional, accountId: string): Promise<boolean> {
  const [row] = await q.query<{ enabled: boolean }>(
    'select enabled from monthly_report_settings where account_id = $1',
    [accountId],
  );
  return row?.enabled ?? false;
}

/** Sets the opt-in; answers what it was before. */
export async function saveMonthlyReportSetting(
  q: Transactional,
  accountId: string,
  enabled: boolean,
  now: Date,
): Promise<boolean> {
  const before = await monthlyReportEnabled(q, accountId);
  await q.query(
    `insert into monthly_report_settings (account_id, enabled, updated_at) values ($1, $2, $3)
     on conflict (account_id) do update set enabled = excluded.enabled, updated_at = excluded.updated_at`,
    [accountId, enabled, now],
  );
  return before;
}

/**
 * Claims the report of a closed period: true for the one caller that wrote the row. A second close of
 * the period, or a second process closing it at once, finds the key taken and writes no email (REPORT-03).
 */
export async function claimMonthlyReport(
  tx: Transactional,
  accountId: string,
  periodId: string,
): Promise<boolean> {
  const rows = await tx.query(
    `insert into monthly_reports (account_id, period_id) values ($1, $2)
     on conflict (account_id, period_id) do nothing returning period_id`,
    [accountId, periodId],
  );
  return rows.length === 1;
}

export async function noteMonthlyReportEmail(
  tx: Transactional,
  accountId: string,
  periodId: string,
  outboxId: number,
): Promise<void> {
  await tx.query('update monthly_reports set outbox_id = $3 where account_id = $1 and period_id = $2', [
    accountId,
    periodId,
    outboxId,
  ]);
}

/** Where the report goes: the admin's billing CC email, or the admin's own when there is none. */
export async function monthlyReportRecipient(q: Transactional, accountId: string): Promise<string | null> {
  const [row] = await q.query<{ to: string }>(
    `select coalesce(nullif(btrim(pr.billing_cc_email), ''), p.email) as "to"
       from people p left join profiles pr on pr.person_id = p.id and pr.account_id = p.account_id
      where p.account_id = $1 and p.is_admin limit 1`,
    [accountId],
  );
  return row?.to ?? null;
}

/** What the usage summary states of a closed period (amounts in hundredths of a credit, and cents). */
export interface ReportFacts {
  accountName: string;
  start: Date;
  end: Date;
  planName: string;
  planPeriod: 'mo' | 'yr';
  invoice: { number: string; totalCents: number } | null;
  topUsers: { name: string; calls: number; cc: number }[];
  topLines: { name: string; calls: number; cc: number }[];
}

const TOP = 5;

export async function monthlyReportFacts(
  q: Transactional,
  accountId: string,
  periodId: string,
): Promise<ReportFacts | null> {
  const [[period], invoices, users, lines] = await Promise.all([
    q.query<{ account_name: string; starts_at: Date; ends_at: Date; name: string; period: 'mo' | 'yr' }>(
      `select a.name as account_name, b.starts_at, b.ends_at, pl.name, pl.period
         from billing_periods b join plans pl on pl.id = b.plan_id join accounts a on a.id = b.account_id
        where b.account_id = $1 and b.id = $2`,
      [accountId, periodId],
    ),
    q.query<{ number: string; total_cents: number }>(
      `select number, total_cents from invoices
        where account_id = $1 and period_id = $2 and kind = 'period' and status <> 'void'
        order by issued_at desc, number desc limit 1`,
      [accountId, periodId],
    ),
    ...(['user_name', 'destination'] as const).map((column) =>
      q.query<{ name: string; calls: number; cc: string }>(
        `select ${column} as name, count(*)::int as calls, sum(credits_used)::text as cc from calls
          where account_id = $1 and period_id = $2 group by ${column} order by sum(credits_used) desc, ${column}
          limit ${TOP}`,
        [accountId, periodId],
      ),
    ),
  ]);
  if (!period) return null;
  const top = (rows: { name: string; calls: number; cc: string }[] | undefined) =>
    (rows ?? []).map((r) => ({ name: r.name, calls: r.calls, cc: Number(r.cc) }));
  return {
    accountName: period.account_name,
    start: new Date(period.starts_at),
    end: new Date(period.ends_at),
    planName: period.name,
    planPeriod: period.period,
    invoice: invoices[0] ? { number: invoices[0].number, totalCents: invoices[0].total_cents } : null,
    topUsers: top(users),
    topLines: top(lines),
  };
}
