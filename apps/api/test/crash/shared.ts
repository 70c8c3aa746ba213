// The steps every crash test shares: read the overview from a live server, then check the invariants
// on the database once no server holds it.
import { API_ACCOUNT_BASE, IDEMPOTENCY_KEY_HEADER } from '@enq/contract';
import { expect } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import type { Driver } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import { seededDatabase, serve, type CrashDatabase } from './crash-harness';
import { expectInvoicesReconcile, expectLedgerBalances } from './invariants';

export const bearer = (db: CrashDatabase) => ({ authorization: `Bearer ${db.token}` });

/** The overview's credits used, as a person sees it on the restarted server. */
export async function overviewCreditsUsed(server: ServerProcess, db: CrashDatabase): Promise<number> {
  const response = await fetch(`${server.url}${API_ACCOUNT_BASE}/`, { headers: bearer(db) });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { subscription_info: { total_credits_used: number } };
  return body.subscription_info.total_credits_used;
}

/** Stops `server` (SIGTERM), then checks the ledger and the invoices on the database it leaves. */
export async function expectConsistentAfter(server: ServerProcess, db: CrashDatabase): Promise<void> {
  const totalCreditsUsed = await overviewCreditsUsed(server, db);
  await server.stop();
  const database = await db.open();
  try {
    const [admin] = await database.query<{ account_id: string }>(
      'select account_id from people where email = $1',
      [DEMO_ADMIN.email],
    );
    await expectLedgerBalances(database, { accountId: admin!.account_id, totalCreditsUsed });
    await expectInvoicesReconcile(database);
  } finally {
    await database.close();
  }
}

/** Puts a sandbox card (`pm_card_visa`, `pm_card_sandboxNoAnswer`) on the demo account, as its admin does. */
export async function putCard(server: ServerProcess, db: CrashDatabase, pmId: string): Promise<void> {
  const response = await fetch(`${server.url}${API_ACCOUNT_BASE}/billing/change-card`, {
    method: 'POST',
    headers: { ...bearer(db), 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: `card-${pmId}` },
    body: JSON.stringify({ pm_id: pmId }),
  });
  expect(response.status, await response.text()).toBe(200);
}

export interface Processes {
  db: CrashDatabase;
  /** Two servers on PostgreSQL; one on PGlite, whose database belongs to one process that then serves all. */
  servers: ServerProcess[];
  /** Stops every server (PGlite's records can be read after); safe to call again. */
  stop(): Promise<void>;
  /** Stops them and drops the database. */
  close(): Promise<void>;
}

/** A freshly seeded database and the servers of a two-process test on it (`env`: their extra settings). */
export async function twoProcesses(
  driver: Driver,
  env: Record<string, string> = {},
  options: { inCollection?: boolean } = {},
): Promise<Processes> {
  const db = await seededDatabase(driver, options);
  const servers: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  const close = async () => {
    await stop();
    await db.drop();
  };
  try {
    servers.push(await serve(db, env));
    if (driver === 'postgres') servers.push(await serve(db, env));
  } catch (err) {
    await close();
    throw err;
  }
  return { db, servers, stop, close };
}
