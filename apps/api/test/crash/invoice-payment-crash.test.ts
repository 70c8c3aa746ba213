import { API_ACCOUNT_BASE, IDEMPOTENCY_KEY_HEADER } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { killDuring, killPoints, seededDatabase, send, serve } from './crash-harness';
import { bearer, expectConsistentAfter } from './shared';

const INVOICES = `${API_ACCOUNT_BASE}/invoices/`;
const PAY_PATH = `${INVOICES}pay/`;
/**
 * A kill after the attempt was written leaves it pending, its outcome unknown; a Pay now joins it and waits
 * until it is overdue, then asks the provider (charged: paid; never charged: the next attempt is made).
 * Short here, so that the retry's wait ends within the test.
 */
const SERVER_ENV = { PAYMENT_TIMEOUT_SECONDS: '2' };

interface Listed {
  invoices: { id: string; status: string }[];
}

describe.each(drivers)("kill -9 while paying the demo's open invoice (%s)", (driver) => {
  it('the retried payment charges once: one successful payment, the invoice paid, invoices reconcile', async () => {
    const db = await seededDatabase(driver);
    let server: ServerProcess | undefined;
    const headers = bearer(db);
    const list = async () => {
      const response = await fetch(`${server!.url}${INVOICES}`, { headers });
      expect(response.status).toBe(200);
      return ((await response.json()) as Listed).invoices;
    };
    try {
      server = await serve(db, SERVER_ENV);
      // The demo's card declined at its last period close: that invoice is due.
      const open = (await list()).filter((i) => i.status === 'open');
      expect(open).toHaveLength(1);
      const invoiceId = open[0]!.id;
      for (const point of killPoints(driver)) {
        // The key a client keeps for its retries of one click.
        const payHeaders = { ...headers, [IDEMPOTENCY_KEY_HEADER]: `crash-pay-${point}` };
        const outcome = await killDuring(
          db,
          server,
          point,
          () => send(server!.url, 'POST', PAY_PATH, payHeaders, { invoice_id: invoiceId }),
          PAY_PATH,
        );
        server = await serve(db, SERVER_ENV);
        const status = (await list()).find((i) => i.id === invoiceId)!.status;
        console.info(`invoice payment (${driver}), killed when ${point}: ${outcome}, invoice ${status}`);
        if (outcome !== 'killed') expect({ outcome, status }).toEqual({ outcome: 200, status: 'paid' });

        // The client retries with its key after the restart: paid, whatever the crash left.
        const retried = await fetch(`${server.url}${PAY_PATH}`, {
          method: 'POST',
          headers: { ...payHeaders, 'content-type': 'application/json' },
          body: JSON.stringify({ invoice_id: invoiceId }),
        });
        expect(retried.status).toBe(200);
        expect((await list()).find((i) => i.id === invoiceId)!.status).toBe('paid');
      }
      await expectConsistentAfter(server, db);
      const database = await db.open();
      try {
        const payments = await database.query<{ status: string }>(
          'select status from payments where invoice_id = $1',
          [invoiceId],
        );
        expect(payments.filter((p) => p.status === 'succeeded')).toHaveLength(1);
      } finally {
        await database.close();
      }
    } finally {
      await server?.stop();
      await db.drop();
    }
  }, 120_000);
});
