import type { AppConfig } from './config';
import type { Transactional } from './db/handle';
import {
  billingEngines,
  type BillingEngines,
  type BillingParts,
} from './domain/billing-engine/billing-engines';
import { queueMonthlyReport } from './domain/monthly-report';
import { systemClock } from './domain/ports/clock';
import { createPaymentProvider } from './plugins/payments';

/**
 * The composition root: the one place a process assembles its billing from the configuration, i.e.
 * the seller and tax rate of its invoices (SELLER_*, TAX_RATE_PERCENT), its clock and its card provider
 * (Stripe with a key, else the sandbox). The server (app.ts) and the CLI commands each call it once and
 * hand what it makes to routes, jobs, sign-up, the call import and the demo seed: no path builds an
 * engine of its own (one that did issued invoices with the demo seller and no tax).
 */
export function composeBilling(
  config: Pick<AppConfig, 'invoiceIssuer' | 'payments' | 'closeGraceMs'> &
    Partial<Pick<AppConfig, 'publicUrl'>>,
  database: () => Transactional,
  given: Partial<Omit<BillingParts, 'issuer' | 'paymentTimeoutMs' | 'closeGraceMs' | 'afterClose'>> = {},
): BillingEngines {
  return billingEngines({
    issuer: config.invoiceIssuer,
    clock: given.clock ?? systemClock,
    // The sandbox keeps its charges in the process's database, shared with every other process.
    payments: given.payments ?? createPaymentProvider(config.payments, database),
    paymentTimeoutMs: config.payments.timeoutMs,
    closeGraceMs: config.closeGraceMs,
    log: given.log,
    // The close queues the period's monthly report, when the account opted in (REPORT-02).
    afterClose: queueMonthlyReport,
    // The link in the email asking a cardholder to authenticate an off-session charge.
    portalUrl: config.publicUrl,
  });
}
