import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BillingEngine } from '../domain/billing-engine/billing-engine';
import { RateTable } from '../domain/call-rates/rates';
import { grantPendingReferralBonuses } from '../domain/referral/referral-bonus';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingEngine;
    rates: RateTable;
    /** Closes every period that has ended (the scheduled job; also run at start to catch up). */
    closeDuePeriods(): Promise<number>;
    telephonyServiceKey: string;
  }
}

const CLOSE_EVERY_MS = 5 * 60_000;

async function telephonyKey(app: FastifyInstance): Promise<string> {
  if (app.config.telephonyServiceKey) return app.config.telephonyServiceKey;
  // Generated once and kept, so the local telephony side (and `npm run import-calls`) can use it.
  await app.database.query(
    "insert into server_secrets (name, value) values ('telephony', $1) on conflict do nothing",
    [JSON.stringify({ key: `svc_${randomBytes(24).toString('base64url')}` })],
  );
  const [row] = await app.database.query<{ value: { key: string } }>(
    "select value from server_secrets where name = 'telephony'",
  );
  return row!.value.key;
}

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
  app.decorate('telephonyServiceKey', await telephonyKey(app));

  let running: Promise<number> | null = null;
  const closeAll = async () => {
    const due = await app.database.query<{ account_id: string }>(
      "select account_id from subscriptions where status = 'active' and current_period_end <= $1",
      [app.clock.now()],
    );
    let closed = 0;
    for (const { account_id } of due) closed += await engine.closeDuePeriods(account_id);
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
