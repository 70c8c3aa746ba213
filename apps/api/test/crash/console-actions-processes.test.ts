import {
  ACCOUNT_ACTION_PATHS,
  ACCOUNT_ACTION_TEXT,
  IDEMPOTENCY_KEY_HEADER,
  accountActionUrl,
} from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { drivers } from '../helpers/app';
import { staffToken } from '../helpers/staff';
import { twoProcesses, type Processes } from './shared';

// The console's credit adjustment, plan change on behalf and charge retry keep one action per
// Idempotency-Key by the advisory lock in runStaffAction (domain/staff-actions/staff-actions.ts), held in the
// database: N identical requests split over two server processes on one PostgreSQL act once and answer
// alike. PGlite's database belongs to one process, so this file runs on PostgreSQL only; the servers
// start once for the three.
const N = 10;

describe.runIf(drivers.includes('postgres'))('console actions at once over two processes (postgres)', () => {
  const driver = 'postgres';
  let processes: Processes;
  let database: Database;
  let token: string;
  let accountId: string;
  beforeAll(async () => {
    processes = await twoProcesses(driver);
    // PostgreSQL: read and written beside the running servers.
    database = await processes.db.open();
    token = (await staffToken(database, 'finance')).token;
    const [admin] = await database.query<{ account_id: string }>(
      'select account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    accountId = admin!.account_id;
  }, 240_000);
  afterAll(async () => {
    await database?.close();
    await processes?.close();
  });

  /** The same request N times at once, alternating between the two processes: each answer's status and body. */
  const sendAtOnce = (path: string, key: string, body: object) =>
    Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const server = processes.servers[i % processes.servers.length]!;
        const response = await fetch(`${server.url}${accountActionUrl(path)}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            [IDEMPOTENCY_KEY_HEADER]: key,
          },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      }),
    );
  const count = async (sql: string, params: unknown[]) =>
    (await database.query<{ n: number }>(sql, params))[0]!.n;
  const auditRows = (action: string, key: string) =>
    count('select count(*)::int as n from staff_audit where action = $1 and idempotency_key = $2', [
      action,
      key,
    ]);

  it('CMON-07 a credit grant sent 10 times at once over two processes: one ledger adjustment, one audit row, one answer', async () => {
    expect(processes.servers).toHaveLength(2);
    const adjustments = () =>
      count("select count(*)::int as n from credit_ledger where account_id = $1 and kind = 'adjustment'", [
        accountId,
      ]);
    const before = await adjustments();
    const answers = await sendAtOnce(ACCOUNT_ACTION_PATHS.creditAdjustments(accountId), 'processes-grant-1', {
      credits: 125.5,
      reason: 'Outage credit',
    });
    expect(answers[0]).toMatchObject({
      status: 200,
      body: { message: ACCOUNT_ACTION_TEXT.granted(125.5) },
    });
    expect(answers).toEqual(Array.from({ length: N }, () => answers[0]));
    expect(await adjustments()).toBe(before + 1);
    // The one grant, in hundredths of a credit, noted with its reason.
    expect(
      await database.query(
        "select amount::int from credit_ledger where account_id = $1 and kind = 'adjustment' and note = $2",
        [accountId, 'staff: Outage credit'],
      ),
    ).toEqual([{ amount: 12550 }]);
    expect(await auditRows('credits.adjust', 'processes-grant-1')).toBe(1);
  });

  it('CMON-07 a plan change for the customer sent 10 times at once over two processes: one change, one audit row, one answer', async () => {
    const answers = await sendAtOnce(
      ACCOUNT_ACTION_PATHS.subscription(accountId, 'change'),
      'processes-plan-1',
      {
        plan: 'firm-monthly',
        reason: 'Asked by phone',
      },
    );
    expect(answers[0]).toMatchObject({
      status: 200,
      body: { message: ACCOUNT_ACTION_TEXT.planChanged, pending_plan_id: 'firm-monthly' },
    });
    expect(answers).toEqual(Array.from({ length: N }, () => answers[0]));
    expect(
      await database.query('select plan_id, pending_plan_id from subscriptions where account_id = $1', [
        accountId,
      ]),
    ).toEqual([{ plan_id: 'team-monthly', pending_plan_id: 'firm-monthly' }]);
    expect(await auditRows('plan.change', 'processes-plan-1')).toBe(1);
    expect(
      await count(
        "select count(*)::int as n from audit_log where account_id = $1 and action = 'staff.plan.change'",
        [accountId],
      ),
    ).toBe(1);
  });

  it('CMON-07 a charge retry sent 10 times at once over two processes: one provider charge, one payment, one audit row, one answer', async () => {
    // The demo's open invoice (its card declined at the last close), with a good card now on file.
    const [open] = await database.query<{ id: string }>(
      "select id from invoices where account_id = $1 and status = 'open' and total_cents > 0",
      [accountId],
    );
    await database.query('update payment_methods set is_default = false where account_id = $1', [accountId]);
    await database.query(
      `insert into payment_methods (id, account_id, brand, last4, exp_month, exp_year, is_default)
       values ('pm_card_visa', $1, 'visa', '4242', 12, 2030, true)`,
      [accountId],
    );
    const answers = await sendAtOnce(ACCOUNT_ACTION_PATHS.charge(accountId, open!.id), 'processes-charge-1', {
      reason: 'New card on file',
    });
    expect(answers[0]).toMatchObject({ status: 200, body: { message: ACCOUNT_ACTION_TEXT.charged } });
    expect(answers).toEqual(Array.from({ length: N }, () => answers[0]));
    expect(
      await count(
        `select count(*)::int as n from sandbox_charges c join payments p on p.id = c.attempt_id
          where p.invoice_id = $1 and c.status = 'succeeded'`,
        [open!.id],
      ),
    ).toBe(1);
    expect(
      await database.query('select status from payments where invoice_id = $1 and status <> $2', [
        open!.id,
        'failed',
      ]),
    ).toEqual([{ status: 'succeeded' }]);
    expect(await database.query('select status from invoices where id = $1', [open!.id])).toEqual([
      { status: 'paid' },
    ]);
    expect(await auditRows('charge.retry', 'processes-charge-1')).toBe(1);
  });
});
