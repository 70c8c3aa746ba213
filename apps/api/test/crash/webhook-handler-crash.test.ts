import { API_ADMIN_BASE, STRIPE_SIGNATURE_HEADER, STRIPE_WEBHOOK_PATH } from '@enq/contract';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { DEV_WEBHOOK_SECRET } from '../../src/config';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { sandboxObjects } from '../../src/plugins/payments/sandbox-events';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { staffToken } from '../helpers/staff';
import { killDuring, killPoints, seededDatabase, send, serve } from './crash-harness';

/**
 * kill -9 inside the webhook's handler, at each point of its life (the body written, received, its
 * transaction open, working), then the same event sent again to the restarted server, as Stripe retries
 * an event it heard no 2xx for: the event is kept once and its effect (a credit note for a refund made in
 * Stripe's dashboard) is made once.
 */
describe.each(drivers)('kill -9 inside the webhook handler (%s)', (driver) => {
  it('charge.refunded killed at every point and sent again: one event kept, one credit note', async () => {
    const db = await seededDatabase(driver);
    const database = await db.open();
    let payment: { id: string; invoice_id: string; provider_payment_id: string; amount_cents: number };
    let finance: string;
    let accountId: string;
    try {
      const [row] = await database.query<typeof payment & { account_id: string }>(
        `select p.id, p.invoice_id, p.provider_payment_id, p.amount_cents, p.account_id
           from payments p join people h on h.account_id = p.account_id and h.email = $1
          where p.status = 'succeeded' and p.amount_cents > 1000
            and not exists (select 1 from refunds r where r.invoice_id = p.invoice_id)
          order by p.created_at desc limit 1`,
        [DEMO_ADMIN.email],
      );
      payment = row!;
      accountId = row!.account_id;
      finance = (await staffToken(database, 'finance')).token;
    } finally {
      await database.close();
    }
    const event = {
      id: 'evt_1CrashInsideHandler',
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: sandboxObjects.charge({
          id: `ch_sbx_${payment.id}`,
          intentId: payment.provider_payment_id,
          attemptId: payment.id,
          amountCents: payment.amount_cents,
          refundedCents: 700,
        }),
      },
    };
    // Signed as `send` writes it (JSON.stringify of the same object), fresh for each delivery.
    const signed = () => ({
      'content-type': 'application/json',
      [STRIPE_SIGNATURE_HEADER]: Stripe.webhooks.generateTestHeaderString({
        payload: JSON.stringify(event),
        secret: DEV_WEBHOOK_SECRET,
      }),
    });
    let server: ServerProcess | undefined;
    try {
      server = await serve(db);
      for (const point of killPoints(driver)) {
        const outcome = await killDuring(
          db,
          server,
          point,
          () => send(server!.url, 'POST', STRIPE_WEBHOOK_PATH, signed(), event),
          STRIPE_WEBHOOK_PATH,
        );
        server = await serve(db);
        console.info(`webhook (${driver}), killed when ${point}: ${outcome}`);
        // Stripe sends it again: taken (or found taken) with 200.
        const again = await send(server.url, 'POST', STRIPE_WEBHOOK_PATH, signed(), event).outcome;
        expect(again).toBe(200);
      }
      const page = await fetch(`${server.url}${API_ADMIN_BASE}/accounts/${accountId}`, {
        headers: { authorization: `Bearer ${finance}` },
      });
      const invoice = (
        (await page.json()) as { invoices: { id: string; refunds: { amount: number }[] }[] }
      ).invoices.find((i) => i.id === payment.invoice_id);
      expect(invoice?.refunds.map((r) => r.amount)).toEqual([7]);
    } finally {
      await server?.stop();
    }
    const after = await db.open();
    try {
      expect(await after.query('select outcome from provider_events where id = $1', [event.id])).toEqual([
        { outcome: 'applied' },
      ]);
      expect(
        await after.query('select amount_cents from refunds where invoice_id = $1', [payment.invoice_id]),
      ).toEqual([{ amount_cents: 700 }]);
    } finally {
      await after.close();
      await db.drop();
    }
  }, 300_000);
});
