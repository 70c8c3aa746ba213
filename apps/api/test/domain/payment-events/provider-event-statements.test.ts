import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxObjects } from '../../../src/plugins/payments/sandbox-events';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { demoCardEvents } from './event-harness';

/**
 * What Stripe sends an account most (card updates, expiry notices, refunds already recorded, types the
 * portal ignores) costs the webhook one statement each where one statement is atomic enough, and a
 * transaction only where an effect must be decided under a lock (bench:billing's webhook part measures
 * these against bare inserts).
 */
describe.each(drivers)("the provider's events, statements per event (%s)", (driver) => {
  let ctx: TestContext;
  let h: Awaited<ReturnType<typeof demoCardEvents>>;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    ctx = await createTestApp(driver);
    h = await demoCardEvents(ctx);
  });
  afterAll(() => ctx?.close());

  it('a card update is kept and applied by one statement, a late one and a second delivery by one changing nothing', async () => {
    const newest = h.event('payment_method.automatically_updated', h.card(2037, '1881'), now);
    expect(await h.receive(newest)).toEqual({ outcome: 'applied', statements: 1, transactions: 0 });
    expect(
      await h.receive(h.event('payment_method.automatically_updated', h.card(2036, '0005'), now - 60)),
    ).toEqual({ outcome: 'no-change', statements: 1, transactions: 0 });
    expect(await h.receive(newest)).toEqual({ outcome: 'duplicate', statements: 1, transactions: 0 });
    expect(
      await ctx.database.query('select last4, exp_month, exp_year from payment_methods where id = $1', [
        h.methodId,
      ]),
    ).toEqual([{ last4: '1881', exp_month: 9, exp_year: 2037 }]);
  });

  it('an expiry notice that emails no one is kept by one statement; the one that emails, once, in a transaction', async () => {
    const before = await h.emails();
    // Not the card's expiry (09/2037 since the update above): kept, nothing else read or written.
    expect(await h.receive(h.event('customer.source.expiring', h.notice(2031), now))).toEqual({
      outcome: 'no-change',
      statements: 1,
      transactions: 0,
    });
    const due = await h.receive(h.event('customer.source.expiring', h.notice(2037), now));
    expect(due).toMatchObject({ outcome: 'applied', transactions: 1 });
    // Sent again as a new event: emailed already, one statement.
    expect(await h.receive(h.event('customer.source.expiring', h.notice(2037), now + 1))).toEqual({
      outcome: 'no-change',
      statements: 1,
      transactions: 0,
    });
    expect(await h.emails()).toBe(before + 1);
  });

  it('a type the portal ignores is one statement, and a refund already recorded a transaction of three', async () => {
    expect(
      await h.receive(h.event('customer.updated', { id: 'cus_count', object: 'customer' }, now)),
    ).toEqual({ outcome: 'ignored', statements: 1, transactions: 0 });
    const charge = sandboxObjects.charge({
      id: 'ch_count_recorded',
      intentId: 'pi_count_recorded',
      attemptId: h.paidPayment,
      amountCents: 1000,
      refundedCents: 0,
    });
    // The invoice locked with its payment found, its sums read once the lock is held, the event kept.
    expect(await h.receive(h.event('charge.refunded', charge, now))).toEqual({
      outcome: 'no-change',
      statements: 3,
      transactions: 1,
    });
  });
});
