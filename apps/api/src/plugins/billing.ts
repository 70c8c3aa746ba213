import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BillingEngine } from '../domain/billing-engine/billing-engine';
import { accountsWithDuePeriods } from '../domain/billing-engine/subscription-periods';
import { RateTable } from '../domain/call-rates/rates';
import { grantPendingReferralBonuses } from '../domain/referral/referral-bonus';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingEngine;
    rates: RateTable;
    /** Closes every period that has ended (the scheduled job; also run at start to catch up). */
    closeDuePeriods(): Promise<number>;
  }
}

const CLOSE_EVERY_MS = 5 * 60_000;

async function billingPlugin(app: FastifyInstance, options: { schedule?: boolean }) {
  const engine = new BillingEngine({
    database: app.database,
    payments: app.payments,
    clock: app.clock,
    log: app.log,
    issuer: app.config.invoiceIssuer,
  });
  app.decorate('billing', engine);
  app.decorate('rates', await RateTable.load(app.database));

  let running: Promise<number> | null = null;
  const closeAll = async () => {
    let closed = 0;
    for (const accountId of await accountsWithDuePeriods(app.database, app.clock.now()))
      closed += await engine.closeDuePeriods(accountId);
    // Invoices the engine charged by itself can be a referred customer's first payment.
    await grantPendingReferralBonuses(app.database, app.clock.now()).catch((err: unknown) =>
      app.log.error({ err }, 'referral bonuses failed'),
    );
    return closed;
  };
  // One run at a time: the job and a manual call never overlap.
  app.decorate('closeDuePeriods', () => (running ??= closeAll().finally(() => (running = null))));

  if (options.schedule !== false) {
    app.addHook('onReady', async () => {
      const closed = await app.closeDuePeriods();
      if (closed > 0) app.log.info({ closed }, 'caught up on billing periods');
    });
    const timer = setInterval(() => {
      app.closeDuePeriods().catch((err: unknown) => app.log.error({ err }, 'period close failed'));
    }, CLOSE_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}

export default fp(billingPlugin, { name: 'billing', dependencies: ['db', 'payments', 'clock'] });
