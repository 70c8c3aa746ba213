import { API_ACCOUNT_BASE, PLAN_PATHS, PLAN_TEXT } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { seededDatabase, send, serve, until, type CrashDatabase } from './crash-harness';
import { bearer, putCard, twoProcesses } from './shared';

// Upgrade now pays through the same attempts as Pay now (pay-now-processes.test.ts): the demo account,
// on Team monthly, moves to Firm monthly.
const UPGRADE = `${API_ACCOUNT_BASE}${PLAN_PATHS.upgrade}`;

/** The demo's Upgrade invoices, the provider's charges for them, the plan and the audit rows. */
async function upgrades(db: CrashDatabase) {
  const database = await db.open();
  try {
    const [row] = await database.query<{
      invoices: { status: string; total_cents: number }[] | null;
      charged: number;
      pending: number;
      plan: string;
      audit: number;
    }>(
      `with account as (select account_id as id from people where email = $1)
       select (select json_agg(json_build_object('status', status, 'total_cents', total_cents))
                 from invoices where account_id = (select id from account) and summary = 'Upgrade') as invoices,
              (select count(*)::int from sandbox_charges c join payments p on p.id = c.attempt_id
                 join invoices i on i.id = p.invoice_id and i.account_id = p.account_id
                where i.summary = 'Upgrade' and c.status = 'succeeded') as charged,
              (select count(*)::int from payments p join invoices i on i.id = p.invoice_id
                where i.summary = 'Upgrade' and p.status = 'pending') as pending,
              (select plan_id from subscriptions where account_id = (select id from account)) as plan,
              (select count(*)::int from audit_log where account_id = (select id from account)
                  and action = 'subscription.upgrade_now') as audit`,
      [DEMO_ADMIN.email],
    );
    return row!;
  } finally {
    await database.close();
  }
}

async function previewTotal(server: ServerProcess, db: CrashDatabase): Promise<number> {
  const response = await fetch(
    `${server.url}${API_ACCOUNT_BASE}${PLAN_PATHS.upgradePreview}?plan=firm-monthly`,
    {
      headers: bearer(db),
    },
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { total_cents: number }).total_cents;
}

const upgrade = (server: ServerProcess, db: CrashDatabase, totalCents: number) =>
  fetch(`${server.url}${UPGRADE}`, {
    method: 'POST',
    headers: { ...bearer(db), 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'firm-monthly', total_cents: totalCents }),
  });

describe.each(drivers)('Upgrade now, at once and across a crash (%s)', (driver) => {
  it('PLAN-07 20 concurrent confirmations over two processes: one charge, one invoice, the plan moved once', async () => {
    const { db, servers, stop, close } = await twoProcesses(driver);
    try {
      await putCard(servers[0]!, db, 'pm_card_visa');
      const total = await previewTotal(servers[0]!, db);
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const response = await upgrade(servers[i % servers.length]!, db, total);
          return {
            status: response.status,
            message: ((await response.json()) as { message: string }).message,
          };
        }),
      );
      // Each answer is the one upgrade, joined or found done; never a 5xx, never a second charge.
      expect(answers).toEqual(
        Array.from({ length: 20 }, () => ({ status: 200, message: PLAN_TEXT.upgraded })),
      );
      await stop();
      expect(await upgrades(db)).toEqual({
        invoices: [{ status: 'paid', total_cents: total }],
        charged: 1,
        pending: 0,
        plan: 'firm-monthly',
        audit: 1,
      });
    } finally {
      await close();
    }
  }, 240_000);
});

// The kill waits for the provider's record of the charge, read beside the running server: PostgreSQL.
describe.each(drivers.filter((d) => d === 'postgres'))('Upgrade now across a crash (%s)', (driver) => {
  it('PLAN-07 kill -9 after the provider charged and before the write: the retry charges nothing more and upgrades once', async () => {
    const db = await seededDatabase(driver);
    let server: ServerProcess | undefined;
    try {
      // The charge is made, then its answer never comes back: the request hangs until the process dies.
      // The sandbox's events are held back (SANDBOX_EVENTS=hold): no payment_intent.succeeded settles
      // the attempt before the kill, so what settles it is the portal asking the provider.
      server = await serve(db, { PAYMENT_TIMEOUT_SECONDS: '120', SANDBOX_EVENTS: 'hold' });
      await putCard(server, db, 'pm_card_sandboxNoAnswer');
      const total = await previewTotal(server, db);
      const sent = send(server.url, 'POST', UPGRADE, bearer(db), {
        plan: 'firm-monthly',
        total_cents: total,
      });
      await until('the provider to record the charge', async () => (await upgrades(db)).charged === 1, 50);
      server.child.kill('SIGKILL');
      expect(await sent.outcome).toBe('killed');
      await server.exited;
      expect(await upgrades(db)).toEqual({
        invoices: [{ status: 'open', total_cents: total }],
        charged: 1,
        pending: 1,
        plan: 'team-monthly',
        audit: 0,
      });

      // Restarted: the attempt is overdue, so the retry asks the provider instead of charging again.
      server = await serve(db, { PAYMENT_TIMEOUT_SECONDS: '1', SANDBOX_EVENTS: 'hold' });
      const retried = await upgrade(server, db, total);
      expect(retried.status, await retried.clone().text()).toBe(200);
      expect(((await retried.json()) as { message: string }).message).toBe(PLAN_TEXT.upgraded);
      expect(await upgrades(db)).toEqual({
        invoices: [{ status: 'paid', total_cents: total }],
        charged: 1,
        pending: 0,
        plan: 'firm-monthly',
        audit: 1,
      });
    } finally {
      await server?.stop();
      await db.drop();
    }
  }, 240_000);
});
