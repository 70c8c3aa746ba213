import { API_ACCOUNT_BASE, API_ADMIN_BASE, IDEMPOTENCY_KEY_HEADER } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { SANDBOX_REFUND_NO_ANSWER_CENTS } from '../../src/plugins/payments/sandbox';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { staffToken } from '../helpers/staff';
import { seededDatabase, send, serve, until, type CrashDatabase } from './crash-harness';
import { bearer, expectConsistentAfter } from './shared';

/** A finance staff member's token, issued before any server holds the database (PGlite). */
async function financeToken(db: CrashDatabase): Promise<{ token: string; accountId: string }> {
  const database = await db.open();
  try {
    const { token } = await staffToken(database, 'finance');
    const [row] = await database.query<{ account_id: string }>(
      'select account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    return { token, accountId: row!.account_id };
  } finally {
    await database.close();
  }
}

/** The newest paid invoice with nothing refunded, as the customer's Invoices page lists it. */
async function paidInvoice(server: ServerProcess, db: CrashDatabase) {
  const response = await fetch(`${server.url}${API_ACCOUNT_BASE}/invoices/`, { headers: bearer(db) });
  const { invoices } = (await response.json()) as {
    invoices: { id: string; number: string; status: string; has_refund: boolean }[];
  };
  return invoices.find((i) => i.status === 'paid' && !i.has_refund)!;
}

/** What the provider and we hold for the refunds of one invoice. */
async function refunds(db: CrashDatabase, invoiceId: string) {
  const database = await db.open();
  try {
    const provider = await database.query<{ amount_cents: number }>(
      `select s.amount_cents from sandbox_refunds s
         join refund_attempts a on s.idempotency_key = a.provider_key where a.invoice_id = $1`,
      [invoiceId],
    );
    const notes = await database.query<{ number: string }>(
      'select number from refunds where invoice_id = $1 order by number',
      [invoiceId],
    );
    const attempts = await database.query<{ status: string }>(
      'select status from refund_attempts where invoice_id = $1',
      [invoiceId],
    );
    const [audit] = await database.query<{ n: number }>(
      "select count(*)::int as n from staff_audit where action = 'refund' and request->>'invoice_id' = $1",
      [invoiceId],
    );
    return {
      provider: provider.length,
      notes: notes.map((n) => n.number),
      attempts: attempts.map((a) => a.status),
      audit: audit!.n,
    };
  } finally {
    await database.close();
  }
}

function refund(server: ServerProcess, token: string, accountId: string, key: string, body: object) {
  return send(
    server.url,
    'POST',
    `${API_ADMIN_BASE}/accounts/${accountId}/refunds`,
    { authorization: `Bearer ${token}`, [IDEMPOTENCY_KEY_HEADER]: key },
    body,
  );
}

// Two processes on one PostgreSQL (PGlite belongs to one process, which then serves every request).
describe.each(drivers)('console refunds at once (%s)', (driver) => {
  it('CMON-02 the same refund sent 10 times at once over two processes: one provider refund, one credit note, one audit row', async () => {
    const db = await seededDatabase(driver);
    const { token, accountId } = await financeToken(db);
    const servers: ServerProcess[] = [];
    try {
      servers.push(await serve(db));
      if (driver === 'postgres') servers.push(await serve(db));
      const invoice = await paidInvoice(servers[0]!, db);
      const body = { invoice_id: invoice.id, amount_cents: 2500, reason: 'Two tabs' };
      const answers = await Promise.all(
        Array.from(
          { length: 10 },
          (_, i) => refund(servers[i % servers.length]!, token, accountId, 'same-refund-key', body).outcome,
        ),
      );
      expect(answers).toEqual(Array.from({ length: 10 }, () => 200));
      await Promise.all(servers.map((s) => s.stop()));
      expect(await refunds(db, invoice.id)).toEqual({
        provider: 1,
        notes: [`${invoice.number}-CN1`],
        attempts: ['succeeded'],
        audit: 1,
      });
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await db.drop();
    }
  }, 240_000);
});

// The kill waits for the provider's record of the refund, read beside the running server: PostgreSQL.
describe.each(drivers.filter((d) => d === 'postgres'))('console refunds across a crash (%s)', (driver) => {
  it('CMON-02 kill -9 after the provider refunded and before the credit note is written: the retry refunds once', async () => {
    const db = await seededDatabase(driver);
    const { token, accountId } = await financeToken(db);
    let server: ServerProcess | undefined;
    try {
      server = await serve(db);
      const invoice = await paidInvoice(server, db);
      // $4.08: the sandbox makes the refund, and its answer never comes back until the process dies.
      const body = { invoice_id: invoice.id, amount_cents: SANDBOX_REFUND_NO_ANSWER_CENTS, reason: 'Crash' };
      const sent = refund(server, token, accountId, 'crash-refund-key', body);
      await until(
        'the provider to record the refund',
        async () => (await refunds(db, invoice.id)).provider === 1,
        50,
      );
      server.child.kill('SIGKILL');
      expect(await sent.outcome).toBe('killed');
      await server.exited;
      expect(await refunds(db, invoice.id)).toEqual({
        provider: 1,
        notes: [],
        attempts: ['pending'],
        audit: 0,
      });

      // Restarted, the same request asks the provider with the same key: the refund that stands.
      server = await serve(db);
      const retried = await refund(server, token, accountId, 'crash-refund-key', body).outcome;
      expect(retried).toBe(200);
      expect(await refunds(db, invoice.id)).toEqual({
        provider: 1,
        notes: [`${invoice.number}-CN1`],
        attempts: ['succeeded'],
        audit: 1,
      });
      await expectConsistentAfter(server, db);
    } finally {
      await server?.stop();
      await db.drop();
    }
  }, 240_000);
});
