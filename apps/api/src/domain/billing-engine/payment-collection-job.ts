import type { BillingEngine } from './billing-engine';
import { claimTry, dueCollections, openCollections } from './payment-collections-repository';
import type { Transactional } from '../../db/handle';

/** How long a claimed try is this process's own; if it dies before charging, the try is due again then. */
export const TRY_LEASE_MS = 15 * 60_000;

/**
 * The collection job: tries every invoice whose next try has come, once each. A try is claimed before
 * it is charged, so two processes running the job at once charge it once; an invoice paid meanwhile
 * (Pay now) is not due, and pay() answers a paid one without charging. Answers how many it tried.
 */
export async function collectDuePayments(
  database: Transactional,
  engine: Pick<BillingEngine, 'chargeInvoice'>,
  now: Date,
): Promise<number> {
  let tried = 0;
  for (const row of await dueCollections(database, now)) {
    if (!(await claimTry(database, row, now, new Date(now.getTime() + TRY_LEASE_MS)))) continue;
    await engine.chargeInvoice(row.account_id, row.invoice_id, { by: 'schedule' });
    tried++;
  }
  return tried;
}

/** A new card on file: the account's invoices in collection are tried with it at once. */
export async function retryWithNewCard(
  database: Transactional,
  engine: Pick<BillingEngine, 'chargeInvoice'>,
  accountId: string,
): Promise<number> {
  const open = await openCollections(database, accountId);
  for (const { invoice_id } of open) await engine.chargeInvoice(accountId, invoice_id, { by: 'schedule' });
  return open.length;
}
