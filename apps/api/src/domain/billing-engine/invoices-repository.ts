import { randomBytes } from 'node:crypto';
import type { Address, InvoiceBuyer, InvoiceSeller, TaxStatus } from '@enq/contract';
import type { Transactional } from '../../db/handle';

export type InvoiceKind = 'period' | 'interim' | 'start';
export type InvoiceStatus = 'open' | 'paid' | 'void' | 'refunded';
export type InvoiceLineKind = 'subscription' | 'included' | 'overage';

/** One line as issued: what it bills, for which period, how much. */
export interface NewInvoiceLine {
  kind: InvoiceLineKind;
  description: string;
  periodStart: Date;
  periodEnd: Date;
  /** Centicredits for included and overage lines; 1 for a subscription. */
  quantity: number;
  amountCents: number;
}

export interface NewInvoice {
  accountId: string;
  kind: InvoiceKind;
  /** The billing period the invoice settles; null for a start, whose period opens once it is paid. */
  periodId: string | null;
  periodStart: Date;
  periodEnd: Date;
  issuedAt: Date;
  /** What the invoice is for, in words ('Period close', 'Interim: $300 mark'). */
  summary: string;
  lines: NewInvoiceLine[];
}

export interface InvoiceRow {
  id: string;
  account_id: string;
  number: string;
  kind: InvoiceKind;
  period_id: string | null;
  status: InvoiceStatus;
  total_cents: number;
}

function invoiceNumber(at: Date): string {
  const ym = at.toISOString().slice(0, 7).replace('-', '');
  return `ENQ-${ym}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** The account as an invoice's buyer is copied from it: name, admin email, addresses, tax. */
export interface BuyerRow {
  name: string;
  email: string | null;
  service_address: Partial<Address> | null;
  billing_address: Partial<Address> | null;
  tax_status: TaxStatus;
  tax_exemption_reference: string | null;
}

/** The account as it stands now, for the buyer an invoice keeps for good. */
export async function buyerRow(q: Transactional, accountId: string): Promise<BuyerRow | null> {
  const [row] = await q.query<BuyerRow>(
    `select a.name, a.service_address, a.billing_address, a.tax_status, a.tax_exemption_reference,
            (select email from people where account_id = a.id and is_admin order by created_at limit 1) as email
       from accounts a where a.id = $1`,
    [accountId],
  );
  return row ?? null;
}

/** An invoice's sums as issued (issue-invoice.ts works them out), in cents and centicredits. */
export interface InvoiceTotals {
  subscriptionCents: number;
  overageCredits: number;
  overageCents: number;
  subtotalCents: number;
  taxRateBp: number;
  taxCents: number;
  creditsUsed: number;
}

/**
 * Writes one invoice with its lines, its totals and its own copy of seller and buyer, none of which ever
 * change afterwards (a database trigger refuses it). Returns its id. Call it in a transaction: the
 * database takes lines only from the transaction that issued their invoice (migration 0014).
 */
export async function insertInvoice(
  q: Transactional,
  invoice: NewInvoice,
  totals: InvoiceTotals,
  seller: InvoiceSeller,
  buyer: InvoiceBuyer,
): Promise<string> {
  const id = `in_${randomBytes(12).toString('hex')}`;
  const { lines } = invoice;
  await q.query(
    `insert into invoices (id, account_id, number, kind, summary, period_id, period_start, period_end, issued_at,
                           status, subscription_cents, overage_credits, overage_cents, subtotal_cents,
                           tax_rate_bp, tax_cents, total_cents, credits_used, seller, buyer, calls_through)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open', $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
             -- An invoice that bills a period's usage covers its calls booked so far (the caller holds the
             -- subscription's lock, as bookings do); a Subscription invoice bills no calls.
             case when $4 <> 'start' and $6::uuid is not null
                  then (select coalesce(max(billed_seq), 0) from calls where account_id = $2 and period_id = $6::uuid)
             end)`,
    [
      id,
      invoice.accountId,
      invoiceNumber(invoice.issuedAt),
      invoice.kind,
      invoice.summary,
      invoice.periodId,
      invoice.periodStart,
      invoice.periodEnd,
      invoice.issuedAt,
      totals.subscriptionCents,
      totals.overageCredits,
      totals.overageCents,
      totals.subtotalCents,
      totals.taxRateBp,
      totals.taxCents,
      totals.subtotalCents + totals.taxCents,
      totals.creditsUsed,
      JSON.stringify(seller),
      JSON.stringify(buyer),
    ],
  );
  if (lines.length > 0)
    await q.query(
      `insert into invoice_lines (account_id, invoice_id, kind, description, period_start, period_end, quantity,
                                  amount_cents)
       select (select account_id from invoices where id = $1), $1, kind, description, period_start, period_end, quantity, amount_cents
         from unnest($2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::bigint[], $7::int[])
         with ordinality as l(kind, description, period_start, period_end, quantity, amount_cents, n)
        order by n`,
      [
        id,
        lines.map((l) => l.kind),
        lines.map((l) => l.description),
        lines.map((l) => l.periodStart.toISOString()),
        lines.map((l) => l.periodEnd.toISOString()),
        lines.map((l) => l.quantity),
        lines.map((l) => l.amountCents),
      ],
    );
  return id;
}

export async function findInvoice(
  q: Transactional,
  accountId: string,
  invoiceId: string,
): Promise<InvoiceRow | null> {
  const [row] = await q.query<InvoiceRow>(
    'select id, account_id, number, kind, period_id, status, total_cents from invoices where account_id = $1 and id = $2',
    [accountId, invoiceId],
  );
  return row ?? null;
}

/**
 * Refunds a payment of an invoice in full or in part and issues its credit note ('…-CN1', '-CN2', ...);
 * a full refund marks the invoice refunded. The invoice itself never changes otherwise.
 */
export async function refundInvoice(
  tx: Transactional,
  refund: { invoiceId: string; paymentId: string; amountCents: number; reason: string; at: Date },
): Promise<string> {
  const id = `re_${randomBytes(12).toString('hex')}`;
  await tx.query(
    `insert into refunds (id, account_id, invoice_id, payment_id, amount_cents, reason, created_at, number)
     select $1, i.account_id, i.id, $3, $4, $5, $6,
            i.number || '-CN' || (1 + (select count(*) from refunds r where r.invoice_id = i.id))
       from invoices i where i.id = $2`,
    [id, refund.invoiceId, refund.paymentId, refund.amountCents, refund.reason, refund.at],
  );
  await tx.query(
    // paid -> refunded is the one status change a refund may make (migration 0014).
    `update invoices i set status = 'refunded'
      where i.id = $1 and i.status = 'paid'
        and i.total_cents <= (select sum(amount_cents) from refunds r where r.invoice_id = i.id)`,
    [refund.invoiceId],
  );
  return id;
}

/** Whether the account has paid at least one invoice. */
export async function hasPaidInvoice(q: Transactional, accountId: string): Promise<boolean> {
  const [paid] = await q.query("select 1 from invoices where account_id = $1 and status = 'paid' limit 1", [
    accountId,
  ]);
  return paid !== undefined;
}

/** Open invoices issued before `issuedBefore` with no payment attempt at all, oldest first. */
export async function unchargedInvoices(
  q: Transactional,
  issuedBefore: Date,
): Promise<{ account_id: string; id: string }[]> {
  return q.query<{ account_id: string; id: string }>(
    `select i.account_id, i.id from invoices i
      where i.status = 'open' and i.issued_at < $1
        and not exists (select 1 from payments p where p.account_id = i.account_id and p.invoice_id = i.id)
      order by i.issued_at`,
    [issuedBefore],
  );
}
