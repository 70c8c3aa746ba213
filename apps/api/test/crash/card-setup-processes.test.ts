import { API_ACCOUNT_BASE, SANDBOX_PAYMENT_METHODS_PATH } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo-account';
import { customerKey } from '../../src/domain/billing';
import { drivers } from '../helpers/app';
import type { ServerProcess } from '../helpers/server-process';
import type { CrashDatabase } from './crash-harness';
import { bearer, twoProcesses } from './shared';

const json = (db: CrashDatabase) => ({ ...bearer(db), 'content-type': 'application/json' });

/** One of Stripe's test numbers as the sandbox card form turns it into a payment method. */
async function tokenise(server: ServerProcess, db: CrashDatabase, number: string): Promise<string> {
  const response = await fetch(`${server.url}${SANDBOX_PAYMENT_METHODS_PATH}`, {
    method: 'POST',
    headers: json(db),
    body: JSON.stringify({ number, exp_month: 9, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { pm_id: string }).pm_id;
}

const NUMBERS = ['4242424242424242', '5555555555554444', '4000000000000341', '6011111111111117'];

// Two processes on one PostgreSQL (PGlite belongs to one process, which then serves every request).
describe.each(drivers)('the account Customer, made once (%s)', (driver) => {
  it('12 first card saves at once over two processes: one Customer at the provider, kept with the account, every card on it', async () => {
    const { db, servers, stop, close } = await twoProcesses(driver);
    try {
      const methods = await Promise.all(
        Array.from({ length: 12 }, (_, i) => tokenise(servers[0]!, db, NUMBERS[i % NUMBERS.length]!)),
      );
      const answers = await Promise.all(
        methods.map(async (pmId, i) => {
          const response = await fetch(
            `${servers[i % servers.length]!.url}${API_ACCOUNT_BASE}/billing/change-card`,
            {
              method: 'POST',
              headers: json(db),
              body: JSON.stringify({ pm_id: pmId }),
            },
          );
          return response.status;
        }),
      );
      expect(answers).toEqual(methods.map(() => 200));
      // PGlite belongs to the server process: the provider's and our records are read once it stopped.
      await stop();
      const database = await db.open();
      try {
        const [admin] = await database.query<{ account_id: string; provider_customer_id: string | null }>(
          `select a.id as account_id, a.provider_customer_id from people p join accounts a on a.id = p.account_id
            where p.email = $1`,
          [DEMO_ADMIN.email],
        );
        const customers = await database.query<{ id: string; idempotency_key: string }>(
          'select id, idempotency_key from sandbox_customers',
        );
        expect(customers).toEqual([
          { id: admin!.provider_customer_id, idempotency_key: customerKey(admin!.account_id) },
        ]);
        const attached = await database.query<{ id: string; customer_id: string }>(
          'select id, customer_id from sandbox_payment_methods',
        );
        expect(attached.map((a) => a.id).sort()).toEqual([...methods].sort());
        expect(new Set(attached.map((a) => a.customer_id))).toEqual(new Set([admin!.provider_customer_id]));
        // Saving a card charges nothing.
        expect(await database.query('select 1 from sandbox_charges')).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await close();
    }
  }, 240_000);
});
