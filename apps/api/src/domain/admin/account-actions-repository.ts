import type { Transactional } from '../../db/handle';

export interface ActionInvoiceRow {
  id: string;
  number: string;
  status: string;
  issued_at: Date;
  summary: string;
  total_cents: number;
  refunded_cents: number;
  paid_cents: number;
  /** Taken back by the cardholder's bank in lost disputes. */
  lost_cents: number;
  last_failure: string | null;
}

/**
 * The account's invoices the money actions can act on, newest first: paid ones (refunds) and open ones
 * (a retried charge), with what was paid, refunded and the latest decline. Another account's never.
 */
export async function actionInvoices(
  q: Transactional,
  accountId: string,
  limit = 24,
): Promise<ActionInvoiceRow[]> {
  return q.query<ActionInvoiceRow>(
    `select i.id, i.number, i.status, i.issued_at, i.summary, i.total_cents,
            (select coalesce(sum(r.amount_cents), 0) from refunds r
              where r.account_id = i.account_id and r.invoice_id = i.id)::int as refunded_cents,
            (select coalesce(sum(p.amount_cents), 0) from payments p
              where p.account_id = i.account_id and p.invoice_id = i.id and p.status = 'succeeded')::int as paid_cents,
            (select coalesce(sum(d.amount_cents), 0) from dispute_losses d
              where d.account_id = i.account_id and d.invoice_id = i.id)::int as lost_cents,
            (select p.failure_message from payments p
              where p.account_id = i.account_id and p.invoice_id = i.id and p.status = 'failed'
              order by p.attempt desc limit 1) as last_failure
       from invoices i
      where i.account_id = $1 and i.status in ('paid', 'open', 'refunded') and i.total_cents > 0
      order by i.issued_at desc, i.number desc limit $2`,
    [accountId, limit],
  );
}

/** Whether an account exists (the console's actions answer 404 for one that does not). */
export async function accountExists(q: Transactional, accountId: string): Promise<boolean> {
  const [row] = await q.query('select 1 from accounts where id = $1', [accountId]);
  return row !== undefined;
}
