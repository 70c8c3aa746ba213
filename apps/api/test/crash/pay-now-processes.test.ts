import { API_ACCOUNT_BASE, IDEMPOTENCY_KEY_HEADER, INVOICE_TEXT } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { seededDatabase, send, serve, until, type CrashDatabase } from './crash-harness';
import { bearer, putCard, twoProcesses } from './shared';

const INVOICES = `${API_ACCOUNT_BASE}/invoices/`;
const PAY = `${INVOICES}pay/`;

/** The demo's open invoice (its card declined at the last close), and what the provider and we hold. */
async function ledger(db: CrashDatabase, invoiceId: string) {
  const database = await db.open();
  try {
    const charges = await database.query<{ status: string }>(
      'select status from sandbox_charges where idempotency_key like $1 and amount_cents > 0',
      [`invoice:${invoiceId}:%`],
    );
    const payments = await database.query<{ status: string }>(
      'select status from payments where invoice_id = $1 and status <> $2',
      [invoiceId, 'failed'],
    );
    const [invoice] = await database.query<{ status: string }>('select status from invoices where id = $1', [
      invoiceId,
    ]);
    return {
      charged: charges.filter((c) => c.status === 'succeeded').length,
      payments: payments.map((p) => p.status),
      invoice: invoice!.status,
    };
  } finally {
    await database.close();
  }
}

/** The provider's events about the invoice's charges: heard by the portal, and kept unsent by the sandbox. */
async function events(db: CrashDatabase, invoiceId: string) {
  const database = await db.open();
  try {
    const heard = await database.query<{ type: string }>(
      `select e.type from provider_events e join sandbox_charges c on c.id = e.object_id
        where c.idempotency_key like $1 order by e.received_at`,
      [`invoice:${invoiceId}:%`],
    );
    const unsent = await database.query<{ type: string }>(
      `select e.type from sandbox_events e join sandbox_charges c on c.id = e.payload #>> '{data,object,id}'
        where c.idempotency_key like $1 and e.delivered_at is null order by e.seq`,
      [`invoice:${invoiceId}:%`],
    );
    return { heard: heard.map((e) => e.type), unsent: unsent.map((e) => e.type) };
  } finally {
    await database.close();
  }
}

async function openInvoice(server: ServerProcess, db: CrashDatabase): Promise<string> {
  const response = await fetch(`${server.url}${INVOICES}`, { headers: bearer(db) });
  const { invoices } = (await response.json()) as { invoices: { id: string; status: string }[] };
  const open = invoices.filter((i) => i.status === 'open');
  expect(open).toHaveLength(1);
  return open[0]!.id;
}

const pay = (server: ServerProcess, db: CrashDatabase, invoiceId: string, key: string) =>
  fetch(`${server.url}${PAY}`, {
    method: 'POST',
    headers: { ...bearer(db), 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: key },
    body: JSON.stringify({ invoice_id: invoiceId }),
  });

// Two processes on one PostgreSQL (PGlite belongs to one process, which then serves every request).
describe.each(drivers)('Pay now, at once and across a crash (%s)', (driver) => {
  it('20 concurrent Pay now with their own keys, over two processes: one charge, one payment, every answer paid', async () => {
    const { db, servers, stop, close } = await twoProcesses(driver);
    try {
      const invoiceId = await openInvoice(servers[0]!, db);
      await putCard(servers[0]!, db, 'pm_card_visa');
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const response = await pay(servers[i % servers.length]!, db, invoiceId, `two-tabs-${i}-key`);
          return {
            status: response.status,
            message: ((await response.json()) as { message: string }).message,
          };
        }),
      );
      expect(answers).toEqual(
        Array.from({ length: 20 }, () => ({ status: 200, message: INVOICE_TEXT.paid })),
      );
      // PGlite belongs to the server process: the provider's and our records are read once it stopped.
      await stop();
      expect(await ledger(db, invoiceId)).toEqual({ charged: 1, payments: ['succeeded'], invoice: 'paid' });
    } finally {
      await close();
    }
  }, 240_000);
});

// The kill waits for the provider's record of the charge, read beside the running server: PostgreSQL.
// (invoice-payment-crash.test.ts kills PGlite's server at points of its own.)
describe.each(drivers.filter((d) => d === 'postgres'))('Pay now across a crash (%s)', (driver) => {
  it('kill -9 after the provider charged and before the payment is recorded: a later Pay now charges nothing, the invoice is paid once', async () => {
    const db = await seededDatabase(driver);
    let server: ServerProcess | undefined;
    try {
      // The charge is made, then its answer never comes back: the request hangs until the process dies.
      // The sandbox's events are held back (SANDBOX_EVENTS=hold): no payment_intent.succeeded settles
      // the attempt, so what settles it is the portal asking the provider.
      server = await serve(db, { PAYMENT_TIMEOUT_SECONDS: '120', SANDBOX_EVENTS: 'hold' });
      const invoiceId = await openInvoice(server, db);
      await putCard(server, db, 'pm_card_sandboxNoAnswer');
      const sent = send(
        server.url,
        'POST',
        PAY,
        { ...bearer(db), [IDEMPOTENCY_KEY_HEADER]: 'before-crash' },
        {
          invoice_id: invoiceId,
        },
      );
      await until(
        'the provider to record the charge',
        async () => (await ledger(db, invoiceId)).charged === 1,
        50,
      );
      server.child.kill('SIGKILL');
      expect(await sent.outcome).toBe('killed');
      await server.exited;
      expect(await ledger(db, invoiceId)).toEqual({ charged: 1, payments: ['pending'], invoice: 'open' });

      // Restarted: the attempt is overdue, so it is settled by asking the provider (the reconciliation job,
      // or the next Pay now), never by charging again.
      server = await serve(db, {
        PAYMENT_TIMEOUT_SECONDS: '1',
        SANDBOX_EVENTS: 'hold',
        JOB_POLL_SECONDS: '0.5',
      });
      // Four of its delivery rounds (every JOB_POLL_SECONDS): the kept event is not sent, none is heard.
      // (Its reconciliation job may settle the overdue attempt meanwhile: by asking the provider too.)
      for (const deadline = Date.now() + 2_000; Date.now() < deadline;)
        expect(await events(db, invoiceId)).toEqual({ heard: [], unsent: ['payment_intent.succeeded'] });
      const retried = await pay(server, db, invoiceId, 'after-crash');
      expect(retried.status, await retried.clone().text()).toBe(200);
      expect(((await retried.json()) as { message: string }).message).toBe(INVOICE_TEXT.paid);
      expect(await ledger(db, invoiceId)).toEqual({ charged: 1, payments: ['succeeded'], invoice: 'paid' });
      // Asked, not told: the sandbox's payment_intent.succeeded is still kept unsent, and the portal heard
      // no event about the charge.
      expect(await events(db, invoiceId)).toEqual({ heard: [], unsent: ['payment_intent.succeeded'] });
    } finally {
      await server?.stop();
      await db.drop();
    }
  }, 240_000);
});
