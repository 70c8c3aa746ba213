import { afterEach, describe, expect, it } from 'vitest';
import { NOT_CHARGED } from '../../../src/domain/billing-engine/invoice-payments';
import { subscriptionLine } from '../../../src/domain/billing-engine/invoice-lines';
import { findPlan } from '../../../src/domain/billing-engine/plans-repository';
import { chargeUnchargedInvoices } from '../../../src/domain/billing-engine/uncharged-invoices';
import { subscriptionInfo } from '../../../src/domain/subscription/subscription-info';
import { drivers } from '../../helpers/app';
import {
  accountWithDeclinedClose,
  answerLost,
  createAccount,
  engineWith,
  createWorld,
  useCard,
  type World,
} from '../../helpers/billing-harness';

const invoicesOf = (world: World, accountId: string) =>
  world.database.query<{ id: string; status: string }>(
    'select id, status from invoices where account_id = $1 order by issued_at',
    [accountId],
  );
const attemptsOf = (world: World, accountId: string) =>
  world.database.query<{ status: string; attempt: number; failure_message: string | null }>(
    'select status, attempt, failure_message from payments where account_id = $1 order by attempt',
    [accountId],
  );

describe.each(drivers)('payments whose answer never came, and invoices never charged (%s)', (driver) => {
  let world: World;
  afterEach(() => world?.close());

  it('a charge made but never answered is settled by asking the provider: paid once, the period starts', async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
    const { accountId } = await createAccount(world);
    const lost = answerLost(world);
    const { invoiceId, outcome } = await lost.startSubscription(accountId, 'team-monthly');
    expect(outcome).toEqual({ state: 'pending' });
    expect(await attemptsOf(world, accountId)).toMatchObject([{ status: 'pending', attempt: 1 }]);
    expect((await subscriptionInfo(world.database, accountId, world.clock.now())).status).toBe('inactive');

    // Another Pay now while the answer may still come joins the attempt: nothing is charged.
    expect(await world.engine.chargeInvoice(accountId, invoiceId)).toEqual({ state: 'pending' });
    expect(await world.engine.payments.reconcile()).toBe(0);
    expect(world.sandbox.store.succeeded()).toBe(1);

    world.clock.set('2026-03-02T15:01:00Z');
    expect(await world.engine.payments.reconcile()).toBe(1);
    expect(await attemptsOf(world, accountId)).toMatchObject([{ status: 'succeeded', attempt: 1 }]);
    expect(await invoicesOf(world, accountId)).toEqual([{ id: invoiceId, status: 'paid' }]);
    expect((await subscriptionInfo(world.database, accountId, world.clock.now())).status).toBe('active');
    expect(await world.engine.chargeInvoice(accountId, invoiceId)).toMatchObject({ state: 'paid' });
    expect(world.sandbox.store.succeeded()).toBe(1);
  });

  it('a charge that never reached the provider is settled as not charged, and the next try charges once', async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
    const { accountId, invoiceId } = await accountWithDeclinedClose(world);
    const unreachable = engineWith(world, () => Promise.reject(new Error('ECONNREFUSED')));
    expect(await unreachable.chargeInvoice(accountId, invoiceId)).toEqual({ state: 'pending' });
    world.clock.set(new Date(world.clock.now().getTime() + 60_000));
    expect(await world.engine.payments.reconcile()).toBe(1);
    expect((await attemptsOf(world, accountId)).at(-1)).toMatchObject({
      status: 'failed',
      failure_message: NOT_CHARGED,
    });
    expect(await invoicesOf(world, accountId)).toContainEqual({ id: invoiceId, status: 'open' });
  });

  it('a Pay now that finds an overdue attempt which never reached the provider pays with the next attempt, once', async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
    const { accountId, invoiceId } = await accountWithDeclinedClose(world);
    await useCard(world, accountId, '4242424242424242');
    const charged = world.sandbox.store.succeeded();
    // The process that wrote attempt 2 died before calling the provider.
    const unreachable = engineWith(world, () => Promise.reject(new Error('ECONNREFUSED')));
    expect(await unreachable.chargeInvoice(accountId, invoiceId)).toEqual({ state: 'pending' });
    // While its answer may still come, Pay now joins it and charges nothing.
    expect(await world.engine.chargeInvoice(accountId, invoiceId)).toEqual({ state: 'pending' });
    expect(world.sandbox.store.succeeded()).toBe(charged);

    world.clock.set(new Date(world.clock.now().getTime() + 60_000));
    expect(await world.engine.chargeInvoice(accountId, invoiceId)).toMatchObject({ state: 'paid' });
    const attempts = await attemptsOf(world, accountId);
    expect(attempts.slice(-2)).toMatchObject([
      { status: 'failed', failure_message: NOT_CHARGED },
      { status: 'succeeded' },
    ]);
    expect(world.sandbox.store.succeeded()).toBe(charged + 1);
    expect(await invoicesOf(world, accountId)).toContainEqual({ id: invoiceId, status: 'paid' });
    expect(await world.engine.chargeInvoice(accountId, invoiceId)).toMatchObject({ state: 'paid' });
    expect(world.sandbox.store.succeeded()).toBe(charged + 1);
  });

  it('an invoice whose charge never began is charged once by the period-close sweep', async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    // The process died between issuing this invoice and charging it.
    const plan = (await findPlan(world.database, 'team-monthly', world.clock.now()))!;
    const now = world.clock.now();
    const issued = await world.database.transaction((tx) =>
      world.engine.issue(tx, {
        accountId,
        kind: 'start',
        summary: 'Subscription',
        periodId: null,
        periodStart: now,
        periodEnd: now,
        issuedAt: now,
        lines: [subscriptionLine(plan, { start: now, end: now })],
      }),
    );
    // Within a minute the charge may still be about to begin: the sweep leaves it alone.
    expect(await chargeUnchargedInvoices(world.database, world.engine, world.clock.now())).toBe(0);
    world.clock.set('2026-03-02T15:05:00Z');
    expect(await chargeUnchargedInvoices(world.database, world.engine, world.clock.now())).toBe(1);
    expect(await chargeUnchargedInvoices(world.database, world.engine, world.clock.now())).toBe(0);
    expect(await invoicesOf(world, accountId)).toContainEqual({ id: issued, status: 'paid' });
    expect(world.sandbox.store.succeeded()).toBe(2);
  });

  it('leaves a declined charge to the customer: a settled attempt is never retried by itself', async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
    const { accountId, invoiceId } = await accountWithDeclinedClose(world);
    world.clock.set(new Date(world.clock.now().getTime() + 10 * 60_000));
    expect(await chargeUnchargedInvoices(world.database, world.engine, world.clock.now())).toBe(0);
    expect(await world.engine.payments.reconcile()).toBe(0);
    expect(await invoicesOf(world, accountId)).toContainEqual({ id: invoiceId, status: 'open' });
  });
});
