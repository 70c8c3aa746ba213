import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, type TestContext } from '../../helpers/app';
import { demoCardEvents, untilBlocked } from './event-harness';

/**
 * Two expiry notices about one card and expiry at once, on PostgreSQL (PGlite runs one transaction at a
 * time): the one that waited for the card reads what the other kept while it waited, and emails no one.
 */
describe.each(drivers.filter((d) => d === 'postgres'))('expiry notices at once (%s)', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(() => ctx?.close());

  it('a notice that waited for the card while another one about the same expiry emailed changes nothing (no second email)', async () => {
    const h = await demoCardEvents(ctx);
    const now = Math.floor(Date.now() / 1000);
    expect(
      (await h.receive(h.event('payment_method.automatically_updated', h.card(2038), now))).outcome,
    ).toBe('applied');
    const before = await h.emails();
    const other = h.event('customer.source.expiring', h.notice(2038), now + 1);
    let waiting: ReturnType<typeof h.receive> | undefined;
    // The other notice's transaction (another process's): it holds the card while this one arrives, then
    // keeps itself as applied (its email queued) and commits.
    await ctx.database.transaction(async (tx) => {
      await tx.query('select id from payment_methods where id = $1 for update', [h.methodId]);
      waiting = h.receive(h.event('customer.source.expiring', h.notice(2038), now + 2));
      expect(await untilBlocked(ctx)).toBe(true);
      await tx.query(
        `insert into provider_events (id, type, object_id, created, payload, outcome, account_id)
         values ($1, 'customer.source.expiring', $2, now(), $3::jsonb, 'applied', $4)`,
        [other.event.id, h.methodId, other.body, h.accountId],
      );
    });
    expect((await waiting!).outcome).toBe('no-change');
    expect(await h.emails()).toBe(before);
  });
});
