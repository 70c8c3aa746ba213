import {
  ccToCredits,
  centsToDollars,
  normalizeAddress,
  type Address,
  type InvoiceBuyer,
  type InvoiceDetail,
  type InvoiceDto,
  type InvoiceSeller,
  type InvoicesResponse,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';

interface InvoiceListRow {
  id: string;
  number: string;
  kind: InvoiceDto['kind'];
  summary: string;
  issued_at: Date;
  period_start: Date;
  period_end: Date;
  total_cents: number;
  paid_cents: number;
  status: InvoiceDto['status'];
  credits_used: string;
  has_refund: boolean;
  payment_pending: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** What is still to pay: an open invoice's total less what was paid on it (nothing otherwise). */
const dueCents = (row: Pick<InvoiceListRow, 'status' | 'total_cents' | 'paid_cents'>) =>
  row.status === 'open' ? Math.max(0, row.total_cents - row.paid_cents) : 0;

function toDto(row: InvoiceListRow): InvoiceDto {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    summary: row.summary,
    timestamp: iso(row.issued_at),
    period_start: iso(row.period_start),
    period_end: iso(row.period_end),
    total: centsToDollars(row.total_cents),
    amount_due: centsToDollars(dueCents(row)),
    status: row.status,
    credits_used: ccToCredits(Number(row.credits_used)),
    has_refund: row.has_refund,
    payment_pending: row.payment_pending,
  };
}

const LIST_COLUMNS = `
select i.id, i.number, i.kind, i.summary, i.issued_at, i.period_start, i.period_end, i.total_cents, i.status,
       i.credits_used::text as credits_used,
       (select coalesce(sum(p.amount_cents), 0)::int from payments p
         where p.account_id = i.account_id and p.invoice_id = i.id and p.status = 'succeeded') as paid_cents,
       exists (select 1 from refunds r where r.invoice_id = i.id) as has_refund,
       exists (select 1 from payments p where p.account_id = i.account_id and p.invoice_id = i.id
                and p.status = 'pending') as payment_pending`;

/** The account's invoices, newest first, and the amount due across the open ones (API-17). */
export async function listInvoiceDtos(q: Transactional, accountId: string): Promise<InvoicesResponse> {
  const rows = await q.query<InvoiceListRow>(
    `${LIST_COLUMNS} from invoices i where i.account_id = $1 order by i.issued_at desc, i.number desc`,
    [accountId],
    { prepare: true },
  );
  const due = rows.reduce((sum, row) => sum + dueCents(row), 0);
  return { invoices: rows.map(toDto), amount_due: centsToDollars(due) };
}

interface LineJson {
  kind: InvoiceDetail['lines'][number]['kind'];
  description: string;
  period_start: string;
  period_end: string;
  quantity: string;
  amount_cents: number;
}
interface PaymentJson {
  id: string;
  created_at: string;
  amount_cents: number;
  status: string;
  card_brand: string | null;
  card_last4: string | null;
  failure_message: string | null;
}
interface RefundJson {
  id: string;
  number: string;
  created_at: string;
  amount_cents: number;
  reason: string | null;
}

type DetailRow = InvoiceListRow & {
  subtotal_cents: number;
  tax_rate_bp: number;
  tax_cents: number;
  seller: InvoiceSeller;
  buyer: Omit<InvoiceBuyer, 'service_address' | 'billing_address'> & {
    service_address: Partial<Address> | null;
    billing_address: Partial<Address> | null;
  };
  lines: LineJson[];
  payments: PaymentJson[];
  refunds: RefundJson[];
};

/** The invoice with its lines, payments and credit notes as JSON arrays: one statement, one round trip. */
const DETAIL_SQL = `${LIST_COLUMNS}, i.subtotal_cents, i.tax_rate_bp, i.tax_cents, i.seller, i.buyer,
       (select coalesce(json_agg(json_build_object('kind', l.kind, 'description', l.description,
                 'period_start', l.period_start, 'period_end', l.period_end, 'quantity', l.quantity::text,
                 'amount_cents', l.amount_cents)
               order by case l.kind when 'subscription' then 0 when 'included' then 1 else 2 end, l.id), '[]')
          from invoice_lines l where l.invoice_id = i.id) as lines,
       (select coalesce(json_agg(json_build_object('id', p.id, 'created_at', p.created_at,
                 'amount_cents', p.amount_cents, 'status', p.status, 'card_brand', p.card_brand,
                 'card_last4', p.card_last4, 'failure_message', p.failure_message) order by p.created_at), '[]')
          from payments p where p.account_id = i.account_id and p.invoice_id = i.id) as payments,
       (select coalesce(json_agg(json_build_object('id', r.id, 'number', r.number, 'created_at', r.created_at,
                 'amount_cents', r.amount_cents, 'reason', r.reason) order by r.created_at, r.number), '[]')
          from refunds r where r.invoice_id = i.id) as refunds
  from invoices i where i.account_id = $1 and i.id = $2`;

/**
 * One invoice as it was issued: its own seller, buyer, lines and totals (never the account as it is
 * now), with its payments and credit notes; null when it is not the account's.
 */
export async function invoiceDetail(
  q: Transactional,
  accountId: string,
  invoiceId: string,
): Promise<InvoiceDetail | null> {
  const [row] = await q.query<DetailRow>(DETAIL_SQL, [accountId, invoiceId], { prepare: true });
  if (!row) return null;
  const { lines, payments, refunds } = row;
  const address = (a: Partial<Address> | null) => (a ? normalizeAddress(a) : null);
  const refunded = refunds.reduce((sum, r) => sum + r.amount_cents, 0);
  return {
    ...toDto(row),
    seller: row.seller,
    buyer: {
      ...row.buyer,
      service_address: address(row.buyer.service_address),
      billing_address: address(row.buyer.billing_address),
    },
    lines: lines.map((l) => ({
      kind: l.kind,
      description: l.description,
      period_start: iso(l.period_start),
      period_end: iso(l.period_end),
      quantity: l.kind === 'subscription' ? Number(l.quantity) : ccToCredits(Number(l.quantity)),
      amount: centsToDollars(l.amount_cents),
    })),
    subtotal: centsToDollars(row.subtotal_cents),
    tax: {
      status: row.buyer.tax_status,
      rate_percent: row.tax_rate_bp / 100,
      amount: centsToDollars(row.tax_cents),
    },
    amount_paid: centsToDollars(row.paid_cents),
    amount_refunded: centsToDollars(refunded),
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
      number: r.number,
      timestamp: iso(r.created_at),
      amount: centsToDollars(r.amount_cents),
      reason: r.reason,
    })),
  };
}

/** What a receipt names: the invoice, its succeeded payment and the account holder. */
export interface ReceiptRow {
  number: string;
  paid_at: Date;
  amount_cents: number;
  card_brand: string | null;
  card_last4: string | null;
  email: string;
  full_name: string;
}

/** The invoice, its succeeded payment and the account holder, as the receipt names them. */
const RECEIPT_SQL = `
select i.number, coalesce(i.paid_at, p.created_at) as paid_at, p.amount_cents, p.card_brand, p.card_last4,
       admin.email, admin.full_name
  from invoices i
  join payments p on p.account_id = i.account_id and p.invoice_id = i.id and p.status = 'succeeded'
  join people admin on admin.account_id = i.account_id and admin.is_admin
 where i.account_id = $1 and i.id = $2
 order by p.created_at desc
 limit 1`;

/** The receipt's row; null when the invoice has no succeeded payment or the account no holder. */
export async function findReceipt(
  q: Transactional,
  accountId: string,
  invoiceId: string,
): Promise<ReceiptRow | null> {
  const [row] = await q.query<ReceiptRow>(RECEIPT_SQL, [accountId, invoiceId], { prepare: true });
  return row ?? null;
}
