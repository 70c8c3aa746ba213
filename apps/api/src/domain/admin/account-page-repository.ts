import type { TaxStatus } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { STAFF_ACCOUNT_ID } from '../../db/schema';

// What the console's account page reads of one account (CONS-02): every statement is scoped by the
// account's id, so another account's rows cannot appear.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name an account at all: anything else is not found, never a database error. */
export const isAccountId = (id: string): boolean => UUID.test(id);

export interface AccountRow {
  id: string;
  name: string;
  status: string;
  created_at: Date;
  tax_status: TaxStatus;
  tax_exemption_reference: string | null;
}

/** A customer account (never the staff one); null when there is none with this id. */
export async function findCustomerAccount(q: Transactional, accountId: string): Promise<AccountRow | null> {
  if (!isAccountId(accountId)) return null;
  const [row] = await q.query<AccountRow>(
    `select id, name, status, created_at, tax_status, tax_exemption_reference
       from accounts where id = $1 and id <> $2`,
    [accountId, STAFF_ACCOUNT_ID],
  );
  return row ?? null;
}

/** Locks the account row for a change of its tax status. */
export async function lockAccountTax(q: Transactional, accountId: string): Promise<AccountRow | null> {
  const [row] = await q.query<AccountRow>(
    `select id, name, status, created_at, tax_status, tax_exemption_reference
       from accounts where id = $1 and id <> $2 for update`,
    [accountId, STAFF_ACCOUNT_ID],
  );
  return row ?? null;
}

/** Sets the status new invoices take; issued invoices keep the buyer they were issued to. */
export async function saveAccountTax(
  q: Transactional,
  accountId: string,
  status: TaxStatus,
  reference: string | null,
): Promise<void> {
  await q.query('update accounts set tax_status = $2, tax_exemption_reference = $3 where id = $1', [
    accountId,
    status,
    reference,
  ]);
}

export interface LedgerRow {
  id: number;
  at: Date;
  bucket: string;
  kind: string;
  amount: string;
  note: string | null;
}

export async function latestLedgerEntries(
  q: Transactional,
  accountId: string,
  limit: number,
): Promise<LedgerRow[]> {
  return q.query<LedgerRow>(
    `select id::int, at, bucket, kind, amount::text, note from credit_ledger
      where account_id = $1 order by at desc, id desc limit $2`,
    [accountId, limit],
  );
}

export interface AdminInvoiceRow {
  id: string;
  number: string;
  summary: string;
  issued_at: Date;
  status: string;
  total_cents: number;
  /** The newest dispute of the invoice's charge (as json: created_at is a string), or null. */
  dispute: { id: string; status: string; amount_cents: number; reason: string; created_at: string } | null;
  payments: {
    id: string;
    created_at: string;
    amount_cents: number;
    status: string;
    card_brand: string | null;
    card_last4: string | null;
    failure_message: string | null;
  }[];
  refunds: { id: string; number: string; created_at: string; amount_cents: number; reason: string | null }[];
}

/** The account's invoices, newest first, each with its payments, credit notes and newest dispute. */
export async function invoicesWithPayments(
  q: Transactional,
  accountId: string,
  limit: number,
): Promise<AdminInvoiceRow[]> {
  return q.query<AdminInvoiceRow>(
    `select i.id, i.number, i.summary, i.issued_at, i.status, i.total_cents,
            (select coalesce(json_agg(json_build_object('id', p.id, 'created_at', p.created_at,
                      'amount_cents', p.amount_cents, 'status', p.status, 'card_brand', p.card_brand,
                      'card_last4', p.card_last4, 'failure_message', p.failure_message)
                    order by p.created_at), '[]')
               from payments p where p.account_id = i.account_id and p.invoice_id = i.id) as payments,
            (select coalesce(json_agg(json_build_object('id', r.id, 'number', r.number,
                      'created_at', r.created_at, 'amount_cents', r.amount_cents, 'reason', r.reason)
                    order by r.created_at, r.number), '[]')
               from refunds r where r.account_id = i.account_id and r.invoice_id = i.id) as refunds,
            (select json_build_object('id', d.id, 'status', d.status, 'amount_cents', d.amount_cents,
                      'reason', d.reason, 'created_at', d.created_at)
               from invoice_disputes d where d.account_id = i.account_id and d.invoice_id = i.id
              order by d.created_at desc limit 1) as dispute
       from invoices i where i.account_id = $1
      order by i.issued_at desc, i.number desc limit $2`,
    [accountId, limit],
  );
}

/** Whether the invoice is this account's (an id of another account's invoice is not). */
export async function invoiceOfAccount(
  q: Transactional,
  accountId: string,
  invoiceId: string,
): Promise<{ id: string; number: string } | null> {
  const [row] = await q.query<{ id: string; number: string }>(
    'select id, number from invoices where account_id = $1 and id = $2',
    [accountId, invoiceId],
  );
  return row ?? null;
}

export interface AdminUserRow {
  id: string;
  full_name: string;
  email: string;
  is_admin: boolean;
  pin: string | null;
}

export async function accountUsers(q: Transactional, accountId: string): Promise<AdminUserRow[]> {
  return q.query<AdminUserRow>(
    `select id, full_name, email, is_admin, pin from people
      where account_id = $1 and not is_staff order by is_admin desc, full_name, id`,
    [accountId],
  );
}
