// The steps every crash test shares: read the overview from a live server, then check the invariants
// on the database once no server holds it.
import { API_ACCOUNT_BASE } from '@enq/contract';
import { expect } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import type { ServerProcess } from '../helpers/server-process';
import type { CrashDatabase } from './crash-harness';
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
