import type { Transactional } from '../../db/handle';
import type { BillingEngine } from './billing-engine';

/**
 * An invoice the engine issues is charged right after its transaction commits (key `auto:<id>`). If
 * that charge throws (the payment provider unreachable) or the process dies in between, the invoice
 * stays open with no charge recorded. The period-close job sweeps those up; the provider sees the same
 * idempotency key, so a charge that did reach it is never made twice. Invoices younger than this are
 * left to the charge that may still be in flight.
 */
const IN_FLIGHT_MS = 60_000;

/** Charges every open invoice with no recorded charge attempt; answers how many it charged. */
export async function chargeUnchargedInvoices(
  q: Transactional,
  engine: Pick<BillingEngine, 'chargeInvoice'>,
  now: Date,
): Promise<number> {
  const invoices = await q.query<{ account_id: string; id: string }>(
    `select i.account_id, i.id from invoices i
      where i.status = 'open' and i.issued_at < $1
        and not exists (select 1 from payments p
                         where p.account_id = i.account_id and p.idempotency_key = 'auto:' || i.id::text)
      order by i.issued_at`,
    [new Date(now.getTime() - IN_FLIGHT_MS)],
  );
  for (const invoice of invoices)
    await engine.chargeInvoice(invoice.account_id, invoice.id, `auto:${invoice.id}`);
  return invoices.length;
}
