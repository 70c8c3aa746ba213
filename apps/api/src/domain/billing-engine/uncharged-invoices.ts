import type { Transactional } from '../../db/handle';
import type { BillingEngine } from './billing-engine';
import { unchargedInvoices } from './invoices-repository';

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
  const invoices = await unchargedInvoices(q, new Date(now.getTime() - IN_FLIGHT_MS));
  for (const invoice of invoices)
    await engine.chargeInvoice(invoice.account_id, invoice.id, { by: 'schedule' });
  return invoices.length;
}
