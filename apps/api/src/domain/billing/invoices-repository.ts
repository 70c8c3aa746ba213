import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client';

export type InvoiceKind = 'period' | 'interim' | 'start';
export type InvoiceStatus = 'open' | 'paid' | 'void' | 'refunded';

export interface NewInvoice {
  accountId: string;
  kind: InvoiceKind;
  periodId: string;
  periodStart: Date;
  periodEnd: Date;
  issuedAt: Date;
  subscription: { cents: number; description: string } | null;
  overageCc: number;
  overageCents: number;
  creditsUsedCc: number;
}

export interface InvoiceRow {
  id: string;
  account_id: string;
  number: string;
  kind: InvoiceKind;
  period_id: string | null;
  period_start: Date;
  period_end: Date;
  issued_at: Date;
  status: InvoiceStatus;
  subscription_cents: number;
  overage_credits: string;
  overage_cents: number;
  total_cents: number;
  credits_used: string;
  paid_at: Date | null;
}

function invoiceNumber(at: Date): string {
  const ym = at.toISOString().slice(0, 7).replace('-', '');
  return `ENQ-${ym}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** One invoice with its lines; returns its id. */
export async function createInvoice(q: Queryable, invoice: NewInvoice): Promise<string> {
  const id = `in_${randomBytes(12).toString('hex')}`;
  const subscriptionCents = invoice.subscription?.cents ?? 0;
  await q.query(
    `insert into invoices (id, account_id, number, kind, period_id, period_start, period_end, issued_at, status,
                           subscription_cents, overage_credits, overage_cents, total_cents, credits_used)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 'open', $9, $10, $11, $12, $13)`,
    [
      id,
      invoice.accountId,
      invoiceNumber(invoice.issuedAt),
      invoice.kind,
      invoice.periodId,
      invoice.periodStart,
      invoice.periodEnd,
      invoice.issuedAt,
      subscriptionCents,
      invoice.overageCc,
      invoice.overageCents,
      subscriptionCents + invoice.overageCents,
      invoice.creditsUsedCc,
    ],
  );
  const lines: [string, string, number, number][] = [];
  if (invoice.subscription)
    lines.push(['subscription', invoice.subscription.description, 1, subscriptionCents]);
  if (invoice.overageCc > 0) {
    lines.push(['overage', 'Overage credits at $0.01 per credit', invoice.overageCc, invoice.overageCents]);
  }
  for (const [kind, description, quantity, amount] of lines) {
    await q.query(
      'insert into invoice_lines (invoice_id, kind, description, quantity, amount_cents) values ($1, $2, $3, $4, $5)',
      [id, kind, description, quantity, amount],
    );
  }
  return id;
}

export async function findInvoice(
  q: Queryable,
  accountId: string,
  invoiceId: string,
): Promise<InvoiceRow | null> {
  const [row] = await q.query<InvoiceRow>('select * from invoices where account_id = $1 and id = $2', [
    accountId,
    invoiceId,
  ]);
  return row ?? null;
}

export async function listInvoices(q: Queryable, accountId: string): Promise<InvoiceRow[]> {
  return q.query<InvoiceRow>(
    'select * from invoices where account_id = $1 order by issued_at desc, number desc',
    [accountId],
  );
}
