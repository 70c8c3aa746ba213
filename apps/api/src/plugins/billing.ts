import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BillingEngine } from '../domain/billing-engine/billing-engine';
import type { BillingEngines } from '../domain/billing-engine/billing-engines';
import { accountsWithDuePeriods } from '../domain/billing-engine/subscription-periods-repository';
import { chargeUnchargedInvoices } from '../domain/billing-engine/uncharged-invoices';
import { RateTable } from '../domain/call-rates/rates';
import { remindDueResumes, resumeDuePauses } from '../domain/pause';
import { grantPendingReferralBonuses } from '../domain/referral/referral-bonus';

declare module 'fastify' {
  interface FastifyInstance {
    /** The engine on the process's database. */
    billing: BillingEngine;
    /** The process's billing parts (issuer, clock, card provider) and engines on a transaction of its own. */
    billingEngines: BillingEngines;
    rates: RateTable;
    /**
     * Closes every period that has ended, resumes paused plans whose date has come and charges invoices
     * whose first charge did not happen (the period-close job, plugins/jobs.ts; also run at start).
     */
    closeDuePeriods(): Promise<number>;
  }
}

/** Puts the engine of the process's composition root (composition.ts) on the app for routes and jobs. */
async function billingPlugin(app: FastifyInstance, options: { billing: BillingEngines }) {
  const engine = options.billing.engine(app.database);
  app.decorate('billing', engine);
  app.decorate('billingEngines', options.billing);
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
    // Paused plans whose resume date has come resume, paid first (docs/billing.md, "Pausing a plan").
    const resumed = await resumeDuePauses(app.database, engine, app.clock.now(), app.log);
    if (resumed > 0) app.log.info({ resumed }, 'resumed paused plans on their date');
    await remindDueResumes(app.database, app.clock.now(), app.config.publicUrl);
    // Attempts whose answer never came are settled by asking the provider, before anything is charged.
    const settled = await engine.payments.reconcile();
    if (settled > 0) app.log.info({ settled }, 'settled payments whose answer never came');
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
