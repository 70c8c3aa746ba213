import type { Address, InvoiceBuyer, InvoiceDetail, InvoiceDto, InvoiceSeller } from '@enq/contract';
import type { Transactional } from '../../db/handle';

/** An invoice as the list reads it: cents, hundredths of credits (as text) and dates. */
export interface InvoiceListRow {
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

const LIST_COLUMNS = `
select i.id, i.number, i.kind, i.summary, i.issued_at, i.period_start, i.period_end, i.total_cents, i.status,
       i.credits_used::text as credits_used,
       (select coalesce(sum(p.amount_cents), 0)::int from payments p
         where p.account_id = i.account_id and p.invoice_id = i.id and p.status = 'succeeded') as paid_cents,
       exists (select 1 from refunds r where r.invoice_id = i.id) as has_refund,
       exists (select 1 from payments p where p.account_id = i.account_id and p.invoice_id = i.id
                and p.status = 'pending') as payment_pending`;

/** The account's invoices, newest first (API-17). */
export async function invoiceListRows(q: Transactional, accountId: string): Promise<InvoiceListRow[]> {
  return q.query<InvoiceListRow>(
    `${LIST_COLUMNS} from invoices i where i.account_id = $1 order by i.issued_at desc, i.number desc`,
    [accountId],
    { prepare: true },
  );
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

/** An invoice as issued, with its lines, payments and credit notes as the statement joins them. */
export type DetailRow = InvoiceListRow & {
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

/** One invoice's row as it was issued; null when it is not the account's. */
export async function invoiceDetailRow(
  q: Transactional,
  accountId: string,
  invoiceId: string,
): Promise<DetailRow | null> {
  const [row] = await q.query<DetailRow>(DETAIL_SQL, [accountId, invoiceId], { prepare: true });
  return row ?? null;
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
