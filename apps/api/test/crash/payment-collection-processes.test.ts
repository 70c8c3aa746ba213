import { API_ACCOUNT_BASE, PAYMENT_FAILED_EMAIL } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { drivers } from '../helpers/app';
import { npmRunWithEnv } from '../helpers/npm-run';
import type { ServerProcess } from '../helpers/server-process';
import { seededDatabase, serve, until, type CrashDatabase } from './crash-harness';
import { bearer, putCard, twoProcesses } from './shared';

// Collecting failed payments (docs/billing.md) on PostgreSQL with several processes: the demo practice's
// last close was declined and its invoice is in collection (tried on days 3 and 10, declined again;
// next try on day 21). Every retry is a payment attempt of the one payment path.

/** What the provider, the payments, the collection and the outbox hold for the invoice. */
async function records(db: CrashDatabase, invoiceId: string) {
  const database = await db.open();
  try {
    const charges = await database.query<{ status: string }>(
      'select status from sandbox_charges where idempotency_key like $1 and amount_cents > 0',
      [`invoice:${invoiceId}:%`],
    );
    const [invoice] = await database.query<{ status: string; account_id: string }>(
      'select status, account_id from invoices where id = $1',
      [invoiceId],
    );
    const [collection] = await database.query<{ failures: number; next_try_at: Date | null }>(
      'select failures, next_try_at from payment_collections where invoice_id = $1',
      [invoiceId],
    );
    const emails = await database.query<{ to: string; subject: string }>(
      `select "to", subject from outbox where account_id = $1 and kind = $2 order by id`,
      [invoice!.account_id, PAYMENT_FAILED_EMAIL.kind],
    );
    const payments = await database.query<{ status: string }>(
      "select status from payments where invoice_id = $1 and status <> 'failed'",
      [invoiceId],
    );
    return {
      declined: charges.filter((c) => c.status === 'failed').length,
      charged: charges.filter((c) => c.status === 'succeeded').length,
      invoice: invoice!.status,
      failures: collection?.failures ?? 0,
      nextTryAt: collection?.next_try_at ? new Date(collection.next_try_at) : null,
      emails,
      payments: payments.map((p) => p.status),
    };
  } finally {
    await database.close();
  }
}

/** Beside the running servers: the invoice's next try comes due now (as if its day had come). */
async function makeDue(db: CrashDatabase, invoiceId: string) {
  const database = await db.open();
  try {
    await database.query(
      "update payment_collections set next_try_at = now() - interval '1 second' where invoice_id = $1",
      [invoiceId],
    );
  } finally {
    await database.close();
  }
}

/** `npm run jobs -- collect`, a process of its own on the test's PostgreSQL database. */
const collect = (db: CrashDatabase) =>
  npmRunWithEnv({ DATABASE_URL: db.env.DATABASE_URL!, LOG_LEVEL: 'silent' }, 'jobs', '', 'collect');

async function openInvoice(server: ServerProcess, db: CrashDatabase): Promise<string> {
  const response = await fetch(`${server.url}${API_ACCOUNT_BASE}/invoices/`, { headers: bearer(db) });
  const { invoices } = (await response.json()) as { invoices: { id: string; status: string }[] };
  const open = invoices.filter((i) => i.status === 'open');
  expect(open).toHaveLength(1);
  return open[0]!.id;
}

const subject = (number: string) => ({ to: DEMO_ADMIN.email, subject: PAYMENT_FAILED_EMAIL.subject(number) });

describe.runIf(drivers.includes('postgres'))(
  'collecting a declined renewal over processes (postgres)',
  () => {
    it('declined, retried by the job from two processes at once (one charge, declined), then a new card is tried at once and paid: the invoice paid once, one email per decline', async () => {
      const { db, servers, stop, close } = await twoProcesses('postgres', {}, { inCollection: true });
      try {
        const invoiceId = await openInvoice(servers[0]!, db);
        const seeded = await records(db, invoiceId);
        // The demo: in collection with a next try to come; the simulated history's emails are not kept.
        expect(seeded).toMatchObject({ invoice: 'open', failures: 3, charged: 0, emails: [] });
        expect(seeded.nextTryAt!.getTime()).toBeGreaterThan(Date.now());
        const database = await db.open();
        const [{ number }] = (await database
          .query<{ number: string }>('select number from invoices where id = $1', [invoiceId])
          .finally(() => database.close())) as [{ number: string }];

        // A card that is saved, then declines every charge (4000 0000 0000 0341): tried at once, declined.
        await putCard(servers[0]!, db, 'pm_card_chargeCustomerFail');
        expect(await records(db, invoiceId)).toMatchObject({
          declined: 1,
          charged: 0,
          invoice: 'open',
          failures: 4,
          emails: [subject(number)],
        });

        // Its next try comes due, and the job runs in two processes of its own at once (the servers are
        // stopped, so that their own scheduled run cannot take it first): one charge between them.
        await stop();
        await makeDue(db, invoiceId);
        const runs = await Promise.all([collect(db), collect(db)]);
        expect(runs.map((r) => r.status)).toEqual([0, 0]);
        expect(runs.map((r) => r.lastLine).sort()).toEqual(['tried 0', 'tried 1']);
        expect(await records(db, invoiceId)).toMatchObject({
          declined: 2,
          charged: 0,
          invoice: 'open',
          failures: 5,
          emails: [subject(number), subject(number)],
        });
        servers.push(await serve(db));

        // A new card on file, on a server started since: tried at once and paid, once.
        await putCard(servers.at(-1)!, db, 'pm_card_visa');
        expect(await records(db, invoiceId)).toMatchObject({
          declined: 2,
          charged: 1,
          invoice: 'paid',
          payments: ['succeeded'],
          emails: [subject(number), subject(number)],
        });
        // The job once more, with the try due: a paid invoice is not tried.
        await makeDue(db, invoiceId);
        expect((await collect(db)).lastLine).toBe('tried 0');
        expect(await records(db, invoiceId)).toMatchObject({ declined: 2, charged: 1, invoice: 'paid' });
      } finally {
        await close();
      }
    }, 400_000);

    it("kill -9 after the provider charged a retry and before it is recorded: the restart settles it from the provider's record, one charge, never a second", async () => {
      const db = await seededDatabase('postgres', { inCollection: true });
      let server: ServerProcess | undefined;
      try {
        server = await serve(db);
        const invoiceId = await openInvoice(server, db);
        await server.stop();
        // The card on file is charged, but the answer never comes back (the sandbox's 4000 0000 0000 0408).
        const database = await db.open();
        try {
          await database.query(
            `update payment_methods set id = 'pm_card_sandboxNoAnswer', last4 = '0408'
            where account_id = (select account_id from invoices where id = $1) and is_default`,
            [invoiceId],
          );
        } finally {
          await database.close();
        }
        await makeDue(db, invoiceId);
        // The collection job runs at start: its charge is made, then the process dies awaiting the answer.
        // The sandbox's events are held back (SANDBOX_EVENTS=hold): its payment_intent.succeeded would
        // otherwise settle the retry whenever its delivery comes before the kill.
        server = await serve(db, { PAYMENT_TIMEOUT_SECONDS: '120', SANDBOX_EVENTS: 'hold' });
        await until(
          'the provider to record the retry',
          async () => (await records(db, invoiceId)).charged === 1,
          50,
        );
        server.child.kill('SIGKILL');
        await server.exited;
        expect(await records(db, invoiceId)).toMatchObject({
          charged: 1,
          invoice: 'open',
          payments: ['pending'],
        });

        // Restarted: the reconciliation asks the provider, whose record settles the attempt as paid.
        server = await serve(db, { PAYMENT_TIMEOUT_SECONDS: '1', SANDBOX_EVENTS: 'hold' });
        await until(
          'the retry to be settled',
          async () => (await records(db, invoiceId)).invoice === 'paid',
          100,
        );
        await makeDue(db, invoiceId);
        expect((await collect(db)).lastLine).toBe('tried 0');
        expect(await records(db, invoiceId)).toMatchObject({
          charged: 1,
          invoice: 'paid',
          payments: ['succeeded'],
          failures: 3,
          emails: [],
        });
      } finally {
        await server?.stop();
        await db.drop();
      }
    }, 400_000);
  },
);
