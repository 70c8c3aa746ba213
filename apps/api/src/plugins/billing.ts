import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BillingEngine } from '../domain/billing-engine/billing-engine';
import { accountsWithDuePeriods } from '../domain/billing-engine/subscription-periods';
import { chargeUnchargedInvoices } from '../domain/billing-engine/uncharged-invoices';
import { RateTable } from '../domain/call-rates/rates';
import { grantPendingReferralBonuses } from '../domain/referral/referral-bonus';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingEngine;
    rates: RateTable;
    /**
     * Closes every period that has ended and charges invoices whose first charge did not happen (the
     * period-close job, plugins/jobs.ts; also run at start).
     */
    closeDuePeriods(): Promise<number>;
  }
}

async function billingPlugin(app: FastifyInstance) {
  const engine = new BillingEngine({
    database: app.database,
    payments: app.payments,
    clock: app.clock,
    log: app.log,
    issuer: app.config.invoiceIssuer,
    closeGraceMs: app.config.closeGraceMs,
  });
  app.decorate('billing', engine);
  app.decorate('rates', await RateTable.load(app.database));

  let running: Promise<number> | null = null;
  const closeAll = async () => {
    let closed = 0;
    for (const accountId of await accountsWithDuePeriods(
      app.database,
      app.clock.now(),
      app.config.closeGraceMs,
    ))
      closed += await engine.closeDuePeriods(accountId);
    // A charge that threw is retried here, and with the job when this run throws too.
    const charged = await chargeUnchargedInvoices(app.database, engine, app.clock.now());
    if (charged > 0) app.log.info({ charged }, 'charged invoices whose first charge did not happen');
    // Invoices the engine charged by itself can be a referred customer's first payment.
    await grantPendingReferralBonuses(app.database, app.clock.now()).catch((err: unknown) =>
      app.log.error({ err }, 'referral bonuses failed'),
    );
    return closed;
  };
  // One run at a time in this process; the job queue keeps other processes' runs apart.
  app.decorate('closeDuePeriods', () => (running ??= closeAll().finally(() => (running = null))));
}

export default fp(billingPlugin, { name: 'billing', dependencies: ['db', 'payments', 'clock'] });
