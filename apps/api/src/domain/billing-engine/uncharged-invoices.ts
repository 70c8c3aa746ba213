import type { Transactional } from '../../db/handle';
import type { BillingEngine } from './billing-engine';

/**
 * An invoice the engine issues is charged right after its transaction commits. If the process dies in
 * between, the invoice stays open with no attempt. The period-close job sweeps those up. Invoices
 * younger than this are left to the charge that may still be about to begin.
 */
const IN_FLIGHT_MS = 60_000;

/** Charges every open invoice that has no payment attempt at all; answers how many it charged. */
export async function chargeUnchargedInvoices(
  q: Transactional,
  engine: Pick<BillingEngine, 'chargeInvoice'>,
  now: Date,
): Promise<number> {
  const invoices = await q.query<{ account_id: string; id: string }>(
    `select i.account_id, i.id from invoices i
      where i.status = 'open' and i.issued_at < $1
        and not exists (select 1 from payments p where p.account_id = i.account_id and p.invoice_id = i.id)
      order by i.issued_at`,
    [new Date(now.getTime() - IN_FLIGHT_MS)],
  );
  for (const invoice of invoices) await engine.chargeInvoice(invoice.account_id, invoice.id);
  return invoices.length;
}
