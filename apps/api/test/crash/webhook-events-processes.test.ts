import {
  API_ACCOUNT_BASE,
  API_ADMIN_BASE,
  IDEMPOTENCY_KEY_HEADER,
  STRIPE_SIGNATURE_HEADER,
  STRIPE_WEBHOOK_PATH,
} from '@enq/contract';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { DEV_WEBHOOK_SECRET } from '../../src/config';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { sandboxObjects } from '../../src/plugins/payments/sandbox-events';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { staffToken } from '../helpers/staff';
import { seededDatabase, send, serve, until, type CrashDatabase } from './crash-harness';
import { bearer, putCard } from './shared';

interface ConsoleInvoice {
  id: string;
  number: string;
  status: string;
  payments: { id: string; status: string; amount: number }[];
  refunds: unknown[];
}

/** Two servers on PostgreSQL; one on PGlite, whose database belongs to one process. */
async function processes(driver: 'pglite' | 'postgres') {
  const db = await seededDatabase(driver);
  const database = await db.open();
  let finance: string;
  let accountId: string;
  try {
    finance = (await staffToken(database, 'finance')).token;
    const [row] = await database.query<{ account_id: string }>(
      'select account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    accountId = row!.account_id;
  } finally {
    await database.close();
  }
  const servers: ServerProcess[] = [];
  const stop = () => Promise.all(servers.map((s) => s.stop()));
  // The charge's answer may take two minutes: only the provider's event settles the attempt here.
  const env = { PAYMENT_TIMEOUT_SECONDS: '120' };
  servers.push(await serve(db, env));
  if (driver === 'postgres') servers.push(await serve(db, env));
  const invoices = async (): Promise<ConsoleInvoice[]> => {
    const response = await fetch(`${servers[0]!.url}${API_ADMIN_BASE}/accounts/${accountId}`, {
      headers: { authorization: `Bearer ${finance}` },
    });
    return ((await response.json()) as { invoices: ConsoleInvoice[] }).invoices;
  };
  return { db, servers, stop, invoices, close: async () => (await stop(), await db.drop()) };
}

/** One event, signed by the stripe package's helper with the portal's secret, posted to every server `times` times at once. */
async function deliverEverywhere(servers: ServerProcess[], event: object, times: number): Promise<number[]> {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: DEV_WEBHOOK_SECRET });
  return Promise.all(
    servers.flatMap((server) =>
      Array.from({ length: times }, async () => {
        const response = await fetch(`${server.url}${STRIPE_WEBHOOK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [STRIPE_SIGNATURE_HEADER]: signature },
          body,
        });
        return response.status;
      }),
    ),
  );
}

const event = (type: string, object: Record<string, unknown>, id: string) => ({
  id,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: { object },
});

async function read<T>(db: CrashDatabase, sql: string, params: unknown[]): Promise<T[]> {
  const database = await db.open();
  try {
    return await database.query<T>(sql, params);
  } finally {
    await database.close();
  }
}

describe.each(drivers)("the provider's events, at once on every process (%s)", (driver) => {
  it('payment_intent.succeeded posted 6 times to each process, under two event ids, while the request waits: the invoice is paid once, with one receipt', async () => {
    const { db, servers, stop, invoices, close } = await processes(driver);
    try {
      const open = (await invoices()).find((i) => i.status === 'open')!;
      await putCard(servers[0]!, db, 'pm_card_sandboxNoAnswer');
      // Pay now: the sandbox makes the charge and its answer never comes back.
      send(
        servers[0]!.url,
        'POST',
        `${API_ACCOUNT_BASE}/invoices/pay/`,
        {
          ...bearer(db),
          [IDEMPOTENCY_KEY_HEADER]: 'pay-waiting-for-event',
        },
        { invoice_id: open.id },
      );
      let attempt: ConsoleInvoice['payments'][number] | undefined;
      // Pending while the request waits, unless the sandbox's own payment_intent.succeeded for its charge
      // (sent every JOB_POLL_SECONDS) settled it first: the events below then find it settled.
      await until(
        'the attempt',
        async () => {
          attempt = (await invoices())
            .find((i) => i.id === open.id)!
            .payments.find((p) => p.status === 'pending' || p.status === 'succeeded');
          return attempt !== undefined;
        },
        100,
      );
      const intent = sandboxObjects.paymentIntent({
        id: `pi_sbx_event_${attempt!.id}`,
        attemptId: attempt!.id,
        amountCents: Math.round(attempt!.amount * 100),
        status: 'succeeded',
      });
      const statuses = await Promise.all([
        deliverEverywhere(servers, event('payment_intent.succeeded', intent, 'evt_sbx_pi_a'), 3),
        deliverEverywhere(servers, event('payment_intent.succeeded', intent, 'evt_sbx_pi_b'), 3),
      ]);
      expect(statuses.flat().every((s) => s === 200)).toBe(true);
      await stop();
      expect(
        await read(db, "select status from payments where invoice_id = $1 and status <> 'failed'", [open.id]),
      ).toEqual([{ status: 'succeeded' }]);
      expect(await read(db, 'select status from invoices where id = $1', [open.id])).toEqual([
        { status: 'paid' },
      ]);
      expect(
        await read(db, 'select id from outbox where subject = $1', [
          `Receipt for enQ invoice ${open.number}`,
        ]),
      ).toHaveLength(1);
      // The test's two events and the sandbox's own about its charge (sent by either process): one applied.
      const kept = await read<{ id: string; outcome: string }>(
        db,
        `select id, outcome from provider_events
          where type = 'payment_intent.succeeded' and payload #>> '{data,object,metadata,attempt_id}' = $1`,
        [attempt!.id],
      );
      expect(kept.filter((e) => e.id.startsWith('evt_sbx_pi_'))).toHaveLength(2);
      expect(kept.filter((e) => e.outcome === 'applied')).toHaveLength(1);
    } finally {
      await close();
    }
  }, 240_000);

  it('charge.refunded posted 6 times to each process, under two event ids: one credit note', async () => {
    const { db, servers, stop, invoices, close } = await processes(driver);
    try {
      const paid = (await invoices()).find(
        (i) =>
          i.status === 'paid' &&
          i.refunds.length === 0 &&
          i.payments.some((p) => p.status === 'succeeded' && p.amount > 5),
      )!;
      const payment = paid.payments.find((p) => p.status === 'succeeded')!;
      const charge = sandboxObjects.charge({
        id: `ch_sbx_${payment.id}`,
        intentId: `pi_sbx_unknown_${payment.id}`,
        attemptId: payment.id,
        amountCents: Math.round(payment.amount * 100),
        refundedCents: 500,
      });
      const statuses = await Promise.all([
        deliverEverywhere(servers, event('charge.refunded', charge, 'evt_sbx_re_a'), 3),
        deliverEverywhere(servers, event('charge.refunded', charge, 'evt_sbx_re_b'), 3),
      ]);
      expect(statuses.flat().every((s) => s === 200)).toBe(true);
      await stop();
      expect(
        await read(db, 'select amount_cents, number from refunds where invoice_id = $1', [paid.id]),
      ).toEqual([{ amount_cents: 500, number: `${paid.number}-CN1` }]);
    } finally {
      await close();
    }
  }, 240_000);
});
