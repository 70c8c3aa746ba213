import { PAYMENT_FAILED_EMAIL } from '@enq/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { collectDuePayments, upsertSetting } from '../../../src/domain/billing-engine';
import { authorizeCall } from '../../../src/domain/telephony/authorize';
import { drivers } from '../../helpers/app';
import { accountWithDeclinedClose, createWorld, type World } from '../../helpers/billing-harness';

const collectionOf = (world: World, accountId: string) =>
  world.database
    .query<{ failures: number; next_try_at: Date | null; last_reason: string; ended: string | null }>(
      'select failures, next_try_at, last_reason, ended from payment_collections where account_id = $1',
      [accountId],
    )
    .then((rows) => rows[0]);

const declineEmails = (world: World, accountId: string) =>
  world.database.query<{ subject: string; text: string }>(
    'select subject, text from outbox where account_id = $1 and kind = $2 order by id',
    [accountId, PAYMENT_FAILED_EMAIL.kind],
  );

const subscriptionOf = (world: World, accountId: string) =>
  world.database
    .query<{ cancel_at_period_end: boolean; is_delinquent: boolean }>(
      'select cancel_at_period_end, is_delinquent from subscriptions where account_id = $1',
      [accountId],
    )
    .then((rows) => rows[0]!);

/** Runs the collection job at each next try until the last one was declined; answers the tries made. */
async function runOutTheSchedule(world: World, accountId: string) {
  let tries = 0;
  for (
    let row = await collectionOf(world, accountId);
    row?.next_try_at;
    row = await collectionOf(world, accountId)
  ) {
    world.clock.set(new Date(row.next_try_at));
    tries += await collectDuePayments(world.database, world.engine, world.clock.now());
  }
  return tries;
}

describe.each(drivers)('collecting a declined period close (%s)', (driver) => {
  let world: World;
  afterEach(() => world?.close());

  it('retries on days 1, 3, 5 and 7 after the decline, emails each decline with the reason and a pay link, then refuses calls', async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
    const { accountId, pin } = await accountWithDeclinedClose(world);
    const declinedAt = world.clock.now().getTime();
    const first = (await collectionOf(world, accountId))!;
    expect(first).toMatchObject({ failures: 1, last_reason: 'Your card was declined.', ended: null });
    expect(new Date(first.next_try_at!).getTime()).toBe(declinedAt + 86_400_000);
    // Before the next try is due, the job charges nothing; calls are still allowed while in collection.
    expect(await collectDuePayments(world.database, world.engine, world.clock.now())).toBe(0);
    expect(await authorizeCall(world.database, pin)).toEqual({ allowed: true, reason: null });

    const days: number[] = [];
    for (let row = first; row.next_try_at; row = (await collectionOf(world, accountId))!) {
      days.push((new Date(row.next_try_at).getTime() - declinedAt) / 86_400_000);
      world.clock.set(new Date(row.next_try_at));
      expect(await collectDuePayments(world.database, world.engine, world.clock.now())).toBe(1);
    }
    expect(days).toEqual([1, 3, 5, 7]);
    expect(await collectionOf(world, accountId)).toMatchObject({
      failures: 5,
      next_try_at: null,
      ended: 'refused',
    });
    const emails = await declineEmails(world, accountId);
    expect(emails).toHaveLength(5);
    expect(emails[0]!.text).toContain("The card's bank said: Your card was declined.");
    expect(emails[0]!.text).toContain('http://localhost:8080/invoices');
    expect(emails[4]!.text).toContain('This was our last try');
    // The default policy: calls refused until the invoice is paid; the plan goes on.
    expect(await authorizeCall(world.database, pin)).toEqual({ allowed: false, reason: 'payment overdue' });
    expect(await subscriptionOf(world, accountId)).toEqual({
      cancel_at_period_end: false,
      is_delinquent: true,
    });
  });

  it('with "cancel at period end" chosen for the plan, the last declined try cancels the subscription at its period end and calls go on', async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
    await upsertSetting(
      world.database,
      { plan_id: 'team-monthly', retry_days: [2, 4], after_last: 'cancel' },
      world.clock.now(),
    );
    const { accountId, pin } = await accountWithDeclinedClose(world);
    expect(await runOutTheSchedule(world, accountId)).toBe(2);
    expect(await collectionOf(world, accountId)).toMatchObject({
      failures: 3,
      next_try_at: null,
      ended: 'cancelled',
    });
    expect(await subscriptionOf(world, accountId)).toEqual({
      cancel_at_period_end: true,
      is_delinquent: true,
    });
    expect(await authorizeCall(world.database, pin)).toEqual({ allowed: true, reason: null });
  });

  it('an invoice paid by Pay now before its next try is never charged again', async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
    const { accountId, invoiceId } = await accountWithDeclinedClose(world);
    await world.database.query("update payment_methods set id = $2, last4 = '4242' where account_id = $1", [
      accountId,
      world.sandbox.createPaymentMethod({ number: '4242424242424242', expMonth: 12, expYear: 2030 }, 'paid'),
    ]);
    expect(await world.engine.chargeInvoice(accountId, invoiceId)).toMatchObject({ state: 'paid' });
    const charged = world.sandbox.store.succeeded();
    world.clock.set(new Date(world.clock.now().getTime() + 30 * 86_400_000));
    expect(await collectDuePayments(world.database, world.engine, world.clock.now())).toBe(0);
    expect(world.sandbox.store.succeeded()).toBe(charged);
    expect(await declineEmails(world, accountId)).toHaveLength(1);
  });
});
