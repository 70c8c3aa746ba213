import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveProviderEvent } from '../../../src/domain/payment-events';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { demoCardEvents, untilBlocked } from './event-harness';

/**
 * Two card updates about one card at once, on PostgreSQL (PGlite runs one statement at a time): the older
 * one, whose statement began before the newer one was kept, waits for the card while the newer one writes
 * it, and must not then write its older details over the newer ones.
 */
describe.each(drivers.filter((d) => d === 'postgres'))('card updates at once (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(() => ctx?.close());

  it('an older update that waited for the card while a newer one wrote it changes nothing: the card keeps the newer details', async () => {
    const h = await demoCardEvents(ctx);
    const now = Math.floor(Date.now() / 1000);
    const older = h.event('payment_method.automatically_updated', h.card(2039, '3939'), now + 1);
    const newer = h.event('payment_method.automatically_updated', h.card(2040, '4040'), now + 2);
    let waiting: ReturnType<typeof h.receive> | undefined;
    // The newer event's delivery (another process's): it holds the card while the older one arrives,
    // then keeps itself and writes the card, and commits.
    const kept = await ctx.database.transaction(async (tx) => {
      await tx.query('select id from payment_methods where id = $1 for update', [h.methodId]);
      waiting = h.receive(older);
      expect(await untilBlocked(ctx)).toBe(true);
      return receiveProviderEvent(
        { database: tx, clock: { now: () => new Date() }, publicUrl: 'http://localhost:8080' },
        newer.event,
        newer.body,
      );
    });
    expect(kept.outcome).toBe('applied');
    expect((await waiting!).outcome).toBe('no-change');
    expect(
      await ctx.database.query('select last4, exp_year from payment_methods where id = $1', [h.methodId]),
    ).toEqual([{ last4: '4040', exp_year: 2040 }]);
  });
});
