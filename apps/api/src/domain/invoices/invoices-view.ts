import {
  ccToCredits,
  centsToDollars,
  normalizeAddress,
  type Address,
  type InvoiceDetail,
  type InvoiceDto,
  type InvoicesResponse,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { invoiceDetailRow, invoiceListRows, type InvoiceListRow } from './invoices-view-repository';

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

/** The account's invoices, newest first, and the amount due across the open ones (API-17). */
export async function listInvoiceDtos(q: Transactional, accountId: string): Promise<InvoicesResponse> {
  const rows = await invoiceListRows(q, accountId);
  const due = rows.reduce((sum, row) => sum + dueCents(row), 0);
  return { invoices: rows.map(toDto), amount_due: centsToDollars(due) };
}

/**
 * One invoice as it was issued: its own seller, buyer, lines and totals (never the account as it is
 * now), with its payments and credit notes; null when it is not the account's.
 */
export async function invoiceDetail(
  q: Transactional,
  accountId: string,
  invoiceId: string,
): Promise<InvoiceDetail | null> {
  const row = await invoiceDetailRow(q, accountId, invoiceId);
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
