import {
  ccToCredits,
  centsToDollars,
  normalizeAddress,
  type Address,
  type InvoiceDetail,
  type InvoiceDto,
} from '@enq/contract';
import type { Queryable } from '../../db/client';

interface InvoiceListRow {
  id: string;
  number: string;
  issued_at: Date;
  period_start: Date;
  period_end: Date;
  total_cents: number;
  status: InvoiceDto['status'];
  credits_used: string;
  has_refund: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function toDto(row: InvoiceListRow): InvoiceDto {
  return {
    id: row.id,
    number: row.number,
    timestamp: iso(row.issued_at),
    period_start: iso(row.period_start),
    period_end: iso(row.period_end),
    total: centsToDollars(row.total_cents),
    status: row.status,
    credits_used: ccToCredits(Number(row.credits_used)),
    has_refund: row.has_refund,
  };
}

const LIST_SQL = `
select i.id, i.number, i.issued_at, i.period_start, i.period_end, i.total_cents, i.status,
       i.credits_used::text as credits_used,
       exists (select 1 from refunds r where r.invoice_id = i.id) as has_refund
  from invoices i
 where i.account_id = $1 %FILTER%
 order by i.issued_at desc, i.number desc`;

/** The account's invoices, newest first (API-17). */
export async function listInvoiceDtos(q: Queryable, accountId: string): Promise<InvoiceDto[]> {
  const rows = await q.query<InvoiceListRow>(LIST_SQL.replace('%FILTER%', ''), [accountId]);
  return rows.map(toDto);
}

/** One invoice with its lines, payments, refunds and the account's addresses; null when not the account's. */
export async function invoiceDetail(
  q: Queryable,
  accountId: string,
  invoiceId: string,
): Promise<(InvoiceDetail & { account_name: string }) | null> {
  const [row] = await q.query<
    InvoiceListRow & {
      subscription_cents: number;
      overage_credits: string;
      overage_cents: number;
    }
  >(
    LIST_SQL.replace('%FILTER%', 'and i.id = $2').replace(
      'i.credits_used::text as credits_used,',
      'i.credits_used::text as credits_used, i.subscription_cents, i.overage_credits::text as overage_credits, i.overage_cents,',
    ),
    [accountId, invoiceId],
  );
  if (!row) return null;
  const [lines, payments, refunds, [account]] = await Promise.all([
    q.query<{ kind: string; description: string; quantity: string; amount_cents: number }>(
      'select kind, description, quantity::text as quantity, amount_cents from invoice_lines where invoice_id = $1 order by id',
      [invoiceId],
    ),
    q.query<{
      id: string;
      created_at: Date;
      amount_cents: number;
      status: string;
      card_brand: string | null;
      card_last4: string | null;
      failure_message: string | null;
    }>(
      `select id, created_at, amount_cents, status, card_brand, card_last4, failure_message
         from payments where invoice_id = $1 and account_id = $2 order by created_at`,
      [invoiceId, accountId],
    ),
    q.query<{ id: string; created_at: Date; amount_cents: number; reason: string | null }>(
      'select id, created_at, amount_cents, reason from refunds where invoice_id = $1 order by created_at',
      [invoiceId],
    ),
    q.query<{
      name: string;
      service_address: Partial<Address> | null;
      billing_address: Partial<Address> | null;
    }>('select name, service_address, billing_address from accounts where id = $1', [accountId]),
  ]);
  return {
    ...toDto(row),
    subscription: centsToDollars(row.subscription_cents),
    overage_credits: ccToCredits(Number(row.overage_credits)),
    overage: centsToDollars(row.overage_cents),
    lines: lines.map((l) => ({
      kind: l.kind,
      description: l.description,
      quantity: l.kind === 'overage' ? ccToCredits(Number(l.quantity)) : Number(l.quantity),
      amount: centsToDollars(l.amount_cents),
    })),
    payments: payments.map((p) => ({
      id: p.id,
      timestamp: iso(p.created_at),
      amount: centsToDollars(p.amount_cents),
      status: p.status,
      card: p.card_brand && p.card_last4 ? `${p.card_brand} •••• ${p.card_last4}` : null,
      failure_message: p.failure_message,
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      timestamp: iso(r.created_at),
      amount: centsToDollars(r.amount_cents),
      reason: r.reason,
    })),
    service_address: account?.service_address ? normalizeAddress(account.service_address) : null,
    billing_address: account?.billing_address ? normalizeAddress(account.billing_address) : null,
    account_name: account?.name ?? '',
  };
}
