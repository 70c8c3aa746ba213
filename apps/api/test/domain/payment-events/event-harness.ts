import type { Transactional } from '../../../src/db/handle';
import { DEMO_ADMIN } from '../../../src/db/seed/demo-account';
import { receiveProviderEvent } from '../../../src/domain/payment-events';
import { sandboxObjects } from '../../../src/plugins/payments/sandbox-events';
import type { TestContext } from '../../helpers/app';

/**
 * Events about the demo admin's card on file, given to the handler as the route gives them, on a
 * handle that counts what the handler sends: statements, and transactions opened.
 */
export async function demoCardEvents(ctx: TestContext) {
  const [row] = await ctx.database.query<{ id: string; account_id: string; paid: string }>(
    `select m.id, m.account_id,
            (select p.id from payments p where p.account_id = m.account_id and p.status = 'succeeded'
              order by p.created_at desc limit 1) as paid
       from payment_methods m join people h on h.account_id = m.account_id
      where h.email = $1 and m.is_default limit 1`,
    [DEMO_ADMIN.email],
  );
  const { id: methodId, account_id: accountId, paid: paidPayment } = row!;
  const run = Date.now().toString(36);
  let seq = 0;
  const event = (type: string, object: Record<string, unknown>, created: number) => {
    const body = JSON.stringify({
      id: `evt_test_${run}_${++seq}`,
      object: 'event',
      type,
      created,
      livemode: false,
      data: { object },
    });
    return { body, event: JSON.parse(body) as Parameters<typeof receiveProviderEvent>[1] };
  };
  const receive = async (sent: ReturnType<typeof event>) => {
    const seen = { statements: 0, transactions: 0 };
    const wrap = (q: Transactional): Transactional => ({
      query: (text, params, options) => (seen.statements++, q.query(text, params, options)),
      transaction: (work) => (seen.transactions++, q.transaction((tx) => work(wrap(tx)))),
    });
    const { outcome } = await receiveProviderEvent(
      { database: wrap(ctx.database), clock: { now: () => new Date() }, publicUrl: 'http://localhost:8080' },
      sent.event,
      sent.body,
    );
    return { outcome, ...seen };
  };
  return {
    methodId,
    accountId,
    paidPayment,
    event,
    receive,
    card: (expYear: number, last4 = '4242') =>
      sandboxObjects.paymentMethod({ id: methodId, brand: 'visa', last4, expMonth: 9, expYear }),
    notice: (expYear: number) =>
      sandboxObjects.card({ id: methodId, brand: 'visa', last4: '4242', expMonth: 9, expYear }),
    /** The expiring-card emails queued for the account. */
    emails: async () =>
      (
        await ctx.database.query("select id from outbox where account_id = $1 and kind = 'card-expiring'", [
          accountId,
        ])
      ).length,
  };
}

/**
 * Waits until a statement of another connection waits for a lock on the test's PostgreSQL database (the
 * one the test holds), and says whether it came to that.
 */
export async function untilBlocked(ctx: TestContext): Promise<boolean> {
  for (let i = 0; i < 400; i++) {
    const [row] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row!.n > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}
