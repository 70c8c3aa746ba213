import { overageCents } from '@enq/contract';
import type { Database } from '../../src/db/client';
import { callsCsvStream } from '../../src/domain/call-history/calls-csv';
import { invoiceRange } from '../../src/domain/call-history/calls-repository';

// What the 14-month simulation (domain/billing-engine/fourteen-month-simulation.test.ts) checks once
// the clock has stopped: each function answers the broken rules in words (none when the account's
// money adds up), so a failure names them.

interface Period {
  id: string;
  starts_at: Date;
  ends_at: Date;
  closed_at: Date | null;
  calls_cc: string;
  calls: number;
  overage_cc: string;
}
interface Invoice {
  id: string;
  number: string;
  kind: 'start' | 'period' | 'interim';
  summary: string;
  status: string;
  period_id: string | null;
  period_start: Date;
  period_end: Date;
  credits_used: string;
  overage_credits: string;
  overage_cents: number;
}
interface Line {
  invoice_id: string;
  kind: 'subscription' | 'included' | 'overage';
  period_start: Date;
  period_end: Date;
}

const t = (d: Date) => new Date(d).getTime();
const iso = (d: Date) => new Date(d).toISOString();
const sum = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);

export async function accountBooks(database: Database, accountId: string) {
  const [periods, invoices, lines] = await Promise.all([
    database.query<Period>(
      `select p.id, p.starts_at, p.ends_at, p.closed_at,
              coalesce(sum(c.credits_used), 0)::text as calls_cc, count(c.call_uuid)::int as calls,
              coalesce(sum(c.overage_credits), 0)::text as overage_cc
         from billing_periods p left join calls c on c.account_id = p.account_id and c.period_id = p.id
        where p.account_id = $1 group by p.id, p.starts_at, p.ends_at, p.closed_at order by p.starts_at`,
      [accountId],
    ),
    database.query<Invoice>(
      `select id, number, kind, summary, status, period_id, period_start, period_end,
              credits_used::text, overage_credits::text, overage_cents
         from invoices where account_id = $1 order by issued_at, number`,
      [accountId],
    ),
    database.query<Line>(
      `select l.invoice_id, l.kind, l.period_start, l.period_end from invoice_lines l
         join invoices i on i.id = l.invoice_id where i.account_id = $1`,
      [accountId],
    ),
  ]);
  const [calls] = await database.query<{ cc: string }>(
    'select coalesce(sum(credits_used), 0)::text as cc from calls where account_id = $1',
    [accountId],
  );
  return { periods, invoices, lines, callsCc: Number(calls!.cc) };
}
type Books = Awaited<ReturnType<typeof accountBooks>>;

/** The billing period an invoice bills usage of; a Subscription invoice, the period it prepays. */
export function usagePeriod(books: Books, invoice: Invoice): Period | undefined {
  return books.periods.find((p) =>
    invoice.kind === 'start' ? t(p.starts_at) === t(invoice.period_start) : p.id === invoice.period_id,
  );
}

/** The calls the invoice's call CSV lists (the domain function behind /calls/download/?invoice_id=). */
export async function invoiceCsv(database: Database, accountId: string, invoiceId: string) {
  const csv = callsCsvStream(database, (await invoiceRange(database, accountId, invoiceId))!.range);
  let text = '';
  for await (const chunk of csv) text += String(chunk);
  const rows = text.split('\r\n').slice(1).filter(Boolean);
  // The last column is "Credits used", in credits with up to two decimals.
  const cc = sum(rows, (row) => Math.round(Number(row.slice(row.lastIndexOf(',') + 1)) * 100));
  return { calls: rows.length, cc };
}

/**
 * Σ calls = Σ Credits used of the invoices (void ones aside) + the usage of the periods not closed yet
 * that no invoice has billed (an open period's interim invoices have billed some of its overage).
 */
export function conservationProblems(books: Books): string[] {
  const billed = books.invoices.filter((i) => i.status !== 'void');
  const invoiced = sum(billed, (i) => Number(i.credits_used));
  const unclosed = sum(
    books.periods.filter((p) => !p.closed_at),
    (p) =>
      Number(p.calls_cc) -
      sum(
        billed.filter((i) => i.period_id === p.id),
        (i) => Number(i.credits_used),
      ),
  );
  return books.callsCc === invoiced + unclosed
    ? []
    : [`calls used ${books.callsCc} cc; invoices bill ${invoiced} and the open periods hold ${unclosed}`];
}

/** Every period's invoices bill its overage credits, and exactly those at $0.01 rounded once. */
export function overageProblems(books: Books): string[] {
  const problems: string[] = [];
  for (const period of books.periods) {
    const of = books.invoices.filter((i) => i.period_id === period.id && i.status !== 'void');
    const credits = sum(of, (i) => Number(i.overage_credits));
    const cents = sum(of, (i) => i.overage_cents);
    const due = period.closed_at ? Number(period.overage_cc) : credits;
    if (period.closed_at && credits !== due)
      problems.push(`${iso(period.starts_at)}: overage ${period.overage_cc} cc, invoiced ${credits}`);
    if (!period.closed_at && credits > Number(period.overage_cc))
      problems.push(`${iso(period.starts_at)}: open period invoiced beyond its overage`);
    if (cents !== overageCents(due))
      problems.push(
        `${iso(period.starts_at)}: ${due} cc of overage cost ${overageCents(due)}¢, billed ${cents}¢`,
      );
  }
  return problems;
}

/** Each credit line names the invoice's usage period; each subscription line a period it prepays. */
export function linePeriodProblems(books: Books): string[] {
  const problems: string[] = [];
  const renewedEarly = new Set(
    books.invoices.filter((i) => i.summary === 'Renewal' && i.status !== 'void').map((i) => i.period_id),
  );
  for (const invoice of books.invoices.filter((i) => i.status !== 'void')) {
    const period = usagePeriod(books, invoice);
    if (!period) {
      problems.push(`${invoice.number} names no billing period`);
      continue;
    }
    for (const line of books.lines.filter((l) => l.invoice_id === invoice.id)) {
      if (line.kind !== 'subscription') {
        if (t(line.period_start) !== t(period.starts_at) || t(line.period_end) !== t(period.ends_at))
          problems.push(`${invoice.number}: a ${line.kind} line names ${iso(line.period_start)}`);
        continue;
      }
      const prepaid = books.periods.find((p) => t(p.starts_at) === t(line.period_start));
      // A period that a later renewal ended early keeps, on its invoice, the span that was paid for.
      const ends = prepaid && (t(prepaid.ends_at) === t(line.period_end) || renewedEarly.has(prepaid.id));
      const starts = invoice.kind === 'start' ? period : { starts_at: invoice.period_end };
      if (!ends || t(line.period_start) !== t(starts.starts_at))
        problems.push(`${invoice.number}: its subscription line prepays no period that follows it`);
    }
  }
  return problems;
}

/**
 * Each invoice's CSV lists exactly the calls it billed: their credits are its Credits used (a Subscription
 * invoice's, none). Every call of a period is on exactly one of its invoices, interim ones included, so
 * a closed period's invoices' CSVs together list its calls, each once.
 */
export async function csvProblems(database: Database, accountId: string, books: Books) {
  const problems: string[] = [];
  const listed = new Map<string, { calls: number; cc: number }>();
  for (const invoice of books.invoices) {
    const csv = await invoiceCsv(database, accountId, invoice.id);
    if (csv.cc !== Number(invoice.credits_used))
      problems.push(
        `${invoice.number} (${invoice.summary}, ${invoice.status}): Credits used ${invoice.credits_used} cc, its CSV lists ${csv.calls} calls, ${csv.cc} cc`,
      );
    if (invoice.status === 'void' || !invoice.period_id) continue;
    const sofar = listed.get(invoice.period_id) ?? { calls: 0, cc: 0 };
    listed.set(invoice.period_id, { calls: sofar.calls + csv.calls, cc: sofar.cc + csv.cc });
  }
  for (const period of books.periods.filter((p) => p.closed_at)) {
    const csvs = listed.get(period.id) ?? { calls: 0, cc: 0 };
    if (csvs.calls !== period.calls || csvs.cc !== Number(period.calls_cc))
      problems.push(
        `${iso(period.starts_at)}: its invoices' CSVs list ${csvs.calls} calls, ${csvs.cc} cc; the period billed ${period.calls}, ${period.calls_cc} cc`,
      );
  }
  return problems;
}

/**
 * The periods whose invoices' overage, each rounded alone, would not add up to the period's overage at
 * $0.01 (the cent a split period lost before): the simulation needs some for its cent check to bite.
 */
export function periodsSplitAcrossACent(books: Books): number {
  return books.periods.filter((period) => {
    const of = books.invoices.filter(
      (i) => i.period_id === period.id && i.status !== 'void' && Number(i.overage_credits) > 0,
    );
    const alone = sum(of, (i) => overageCents(Number(i.overage_credits)));
    return of.length > 1 && alone !== overageCents(sum(of, (i) => Number(i.overage_credits)));
  }).length;
}
