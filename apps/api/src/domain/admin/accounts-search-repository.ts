import type { AccountSearchResult } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { STAFF_ACCOUNT_ID } from '../../db/schema';

// The console's search box (CONS-01): each way of finding an account is one indexed lookup (the pins,
// invoice_numbers lookup tables, people by lower(email), payment_methods by last4, migration 0032);
// only the account name is a scan, of the accounts table alone.

/** An account a lookup found, and the person or document it found it by. */
export interface AccountHit {
  account_id: string;
  label: string;
}

export async function accountsByPin(q: Transactional, pin: string): Promise<AccountHit[]> {
  return q.query<AccountHit>(
    `select p.account_id, pe.full_name as label from pins p
       join people pe on pe.id = p.person_id and pe.account_id = p.account_id
      where p.pin = $1`,
    [pin],
  );
}

/** `key` is the contract's emailKey of what was typed: the database folds only what it stores. */
export async function accountsByEmail(q: Transactional, key: string): Promise<AccountHit[]> {
  return q.query<AccountHit>(
    `select account_id, full_name as label from people
      where lower(email) = $1 and not is_staff order by is_admin desc, full_name limit 25`,
    [key],
  );
}

export async function accountsByInvoiceNumber(q: Transactional, number: string): Promise<AccountHit[]> {
  return q.query<AccountHit>('select account_id, number as label from invoice_numbers where number = $1', [
    number,
  ]);
}

/** A credit note's number is its invoice's and '-CN<n>': found through the invoice's number. */
export async function accountsByCreditNote(
  q: Transactional,
  invoiceNumber: string,
  number: string,
): Promise<AccountHit[]> {
  return q.query<AccountHit>(
    `select r.account_id, r.number as label from invoice_numbers n
       join refunds r on r.account_id = n.account_id and r.invoice_id = n.invoice_id
      where n.number = $1 and upper(r.number) = $2`,
    [invoiceNumber, number],
  );
}

export async function accountsByCardLast4(q: Transactional, last4: string): Promise<AccountHit[]> {
  return q.query<AccountHit>(
    `select account_id, brand || ' ' || last4 as label from payment_methods
      where last4 = $1 order by created_at desc limit 25`,
    [last4],
  );
}

/** Accounts whose name contains `text`, case-insensitively (LIKE's own characters taken literally). */
export async function accountsByName(q: Transactional, text: string, limit: number): Promise<AccountHit[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return q.query<AccountHit>(
    `select id as account_id, name as label from accounts
      where lower(name) like $1 and id <> $2 order by created_at desc, name limit $3`,
    [pattern, STAFF_ACCOUNT_ID, limit],
  );
}

export async function recentAccounts(q: Transactional, limit: number): Promise<AccountHit[]> {
  return q.query<AccountHit>(
    `select id as account_id, name as label from accounts where id <> $1
      order by created_at desc, id limit $2`,
    [STAFF_ACCOUNT_ID, limit],
  );
}

export type AccountSummary = Omit<AccountSearchResult, 'matched'>;

/** The accounts' names, statuses, plans and admins, by id (the staff account is never one). */
export async function accountSummaries(q: Transactional, ids: string[]): Promise<AccountSummary[]> {
  if (ids.length === 0) return [];
  return q.query<AccountSummary>(
    `select a.id as account_id, a.name, a.status, pl.name as plan_name,
            adm.full_name as admin_name, adm.email as admin_email,
            coalesce(s.status = 'paused', false) as paused
       from accounts a
       left join subscriptions s on s.account_id = a.id
       left join plans pl on pl.id = s.plan_id
       left join people adm on adm.account_id = a.id and adm.is_admin
      where a.id = any($1::uuid[]) and a.id <> $2`,
    [ids, STAFF_ACCOUNT_ID],
  );
}
