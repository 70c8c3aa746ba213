import { overageCents } from '@enq/contract';
import type { Database } from '../../src/db/client';

interface PeriodRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
  closed_at: Date | null;
  used: string;
  overage: string;
}
interface InvoiceRow {
  id: string;
  number: string;
  kind: 'start' | 'period' | 'interim';
  period_id: string;
  period_start: Date;
  period_end: Date;
  status: string;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  credits_used: string;
}
interface LineRow {
  invoice_id: string;
  kind: 'subscription' | 'included' | 'overage';
  period_start: Date;
  period_end: Date;
  quantity: string;
  amount_cents: number;
}

const t = (d: Date) => new Date(d).getTime();
const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);

/**
 * Everything that makes an account's invoices reconcile with its ledger, as docs/billing.md states it
 * ("What a row means"); returns each broken rule in words (none when the invoices reconcile).
 */
export async function invoiceProblems(database: Database, accountId: string): Promise<string[]> {
  const [periods, invoices, lines] = await Promise.all([
    database.query<PeriodRow>(
      `select p.id, p.starts_at, p.ends_at, p.closed_at,
              coalesce(-(select sum(amount) from credit_ledger c where c.account_id = p.account_id
                           and c.period_id = p.id and c.kind = 'use'), 0)::text as used,
              coalesce(-(select sum(amount) from credit_ledger c where c.account_id = p.account_id
                           and c.period_id = p.id and c.kind = 'use' and c.bucket = 'overage'), 0)::text as overage
         from billing_periods p where p.account_id = $1 order by p.starts_at`,
      [accountId],
    ),
    database.query<InvoiceRow>(
      `select id, number, kind, period_id, period_start, period_end, status, subtotal_cents, tax_cents,
              total_cents, credits_used::text as credits_used
         from invoices where account_id = $1 and status <> 'void' order by issued_at`,
      [accountId],
    ),
    database.query<LineRow>(
      `select l.invoice_id, l.kind, l.period_start, l.period_end, l.quantity::text as quantity, l.amount_cents
         from invoice_lines l join invoices i on i.id = l.invoice_id
        where i.account_id = $1 and i.status <> 'void'`,
      [accountId],
    ),
  ]);
  const problems: string[] = [];
  const linesOf = (invoice: InvoiceRow) => lines.filter((l) => l.invoice_id === invoice.id);
  const credits = (rows: LineRow[]) =>
    sum(
      rows.filter((l) => l.kind !== 'subscription'),
      (l) => Number(l.quantity),
    );

  for (const invoice of invoices) {
    const own = linesOf(invoice);
    // A start invoice is issued before its period opens (it opens once paid): it names it by its start.
    const period = periods.find((p) =>
      invoice.kind === 'start' ? t(p.starts_at) === t(invoice.period_start) : p.id === invoice.period_id,
    );
    if (!period) problems.push(`${invoice.number} names no billing period of the account`);
    if (Number(invoice.credits_used) !== credits(own))
      problems.push(
        `${invoice.number}: Credits used ${invoice.credits_used} is not its lines' ${credits(own)}`,
      );
    if (invoice.subtotal_cents !== sum(own, (l) => l.amount_cents))
      problems.push(`${invoice.number}: subtotal is not the sum of its lines`);
    if (invoice.total_cents !== invoice.subtotal_cents + invoice.tax_cents)
      problems.push(`${invoice.number}: total is not subtotal plus tax`);
    for (const line of own.filter((l) => l.kind !== 'subscription'))
      if (
        period &&
        (t(line.period_start) !== t(period.starts_at) || t(line.period_end) !== t(period.ends_at))
      )
        problems.push(`${invoice.number}: a credit line does not name the usage period`);
    const prepaid = own.filter((l) => l.kind === 'subscription');
    if (invoice.kind === 'start') {
      if (prepaid.length !== 1 || own.length !== 1)
        problems.push(`${invoice.number}: a start invoice bills one subscription`);
      else if (
        t(prepaid[0]!.period_start) !== t(invoice.period_start) ||
        t(prepaid[0]!.period_end) !== t(invoice.period_end)
      )
        problems.push(`${invoice.number}: a start invoice's Period is not the period it prepays`);
    } else if (
      period &&
      (t(invoice.period_start) !== t(period.starts_at) || t(invoice.period_end) !== t(period.ends_at))
    ) {
      problems.push(`${invoice.number}: its Period is not the billing period it settles`);
    }
    // An interim invoice bills its period's calls since the last invoice: within the plan ($0), then overage.
    if (
      invoice.kind === 'interim' &&
      (prepaid.length > 0 ||
        own.at(-1)?.kind !== 'overage' ||
        own.slice(0, -1).some((l) => l.kind !== 'included' || l.amount_cents !== 0))
    )
      problems.push(`${invoice.number}: an interim invoice bills its calls within the plan, then overage`);
  }

  // Every period that opened is prepaid by exactly one subscription line, starting when it starts.
  const prepaidStarts = lines.filter((l) => l.kind === 'subscription').map((l) => t(l.period_start));
  for (const period of periods) {
    const n = prepaidStarts.filter((s) => s === t(period.starts_at)).length;
    if (n !== 1)
      problems.push(`the period from ${new Date(period.starts_at).toISOString()} is prepaid ${n} times`);
  }

  for (const period of periods.filter((p) => p.closed_at)) {
    const of = invoices.filter((i) => i.period_id === period.id && i.kind !== 'start');
    const closing = of.filter((i) => i.kind === 'period');
    if (closing.length > 1) problems.push(`a period close made ${closing.length} invoices`);
    const overageLines = of.flatMap(linesOf).filter((l) => l.kind === 'overage');
    const overageBilled = sum(overageLines, (l) => Number(l.quantity));
    if (overageBilled !== Number(period.overage))
      problems.push(`a closed period's overage ${period.overage} is billed as ${overageBilled}`);
    // Rounded once for the period, not line by line: its invoices add up to its overage at $0.01.
    const centsBilled = sum(overageLines, (l) => l.amount_cents);
    if (centsBilled !== overageCents(Number(period.overage)))
      problems.push(
        `a closed period's overage ${period.overage} costs ${overageCents(Number(period.overage))} cents, billed as ${centsBilled}`,
      );
    if (closing.length === 1 && sum(of, (i) => Number(i.credits_used)) !== Number(period.used))
      problems.push(
        `a closed period's invoices claim ${sum(of, (i) => Number(i.credits_used))} credits used, not ${period.used}`,
      );
  }
  for (const period of periods.filter((p) => !p.closed_at)) {
    const interim = invoices.filter((i) => i.period_id === period.id && i.kind === 'interim');
    const overage = interim.flatMap(linesOf).filter((l) => l.kind === 'overage');
    const invoiced = sum(overage, (l) => Number(l.quantity));
    if (invoiced > Number(period.overage))
      problems.push('the open period has more overage invoiced than used');
    if (sum(overage, (l) => l.amount_cents) !== overageCents(invoiced))
      problems.push("the open period's interim invoices are not its overage invoiced so far at $0.01");
  }
  return problems;
}
