import { afterEach, describe, expect, it } from 'vitest';
import { chargeUnchargedInvoices } from '../../src/domain/billing-engine/uncharged-invoices';
import type { PaymentProvider } from '../../src/domain/ports/payment-provider';
import { drivers } from '../helpers/app';
import { createAccount, createWorld, type World } from './harness';

const invoicesOf = (world: World, accountId: string) =>
  world.database.query<{ id: string; status: string }>(
    'select id, status from invoices where account_id = $1 order by issued_at',
    [accountId],
  );

describe.each(drivers)('invoices whose first charge did not happen (%s)', (driver) => {
  let world: World;
  afterEach(() => world?.close());

  it('are charged once by the period-close sweep, after the provider comes back', async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
    const { accountId } = await createAccount(world);
    // The provider is unreachable when the engine charges the invoice it has just issued.
    const unreachable: PaymentProvider = Object.assign(Object.create(world.sandbox) as PaymentProvider, {
      charge: () => Promise.reject(new Error('payment provider unreachable')),
    });
    const offline = world.billing.engine(world.database, { payments: unreachable });
    await expect(offline.startSubscription(accountId, 'team-monthly')).rejects.toThrow('unreachable');
    const [issued] = await invoicesOf(world, accountId);
    expect(issued).toMatchObject({ status: 'open' });

    // Within a minute the charge may still be in flight: the sweep leaves it alone.
    expect(await chargeUnchargedInvoices(world.database, world.engine, world.clock.now())).toBe(0);

    world.clock.set('2026-03-02T15:05:00Z');
    expect(await chargeUnchargedInvoices(world.database, world.engine, world.clock.now())).toBe(1);
    expect(await chargeUnchargedInvoices(world.database, world.engine, world.clock.now())).toBe(0);
    const [paid] = await invoicesOf(world, accountId);
    expect(paid).toMatchObject({ id: issued!.id, status: 'paid' });
    const payments = await world.database.query<{ status: string; idempotency_key: string }>(
      'select status, idempotency_key from payments where account_id = $1',
      [accountId],
    );
    expect(payments).toEqual([{ status: 'succeeded', idempotency_key: `auto:${issued!.id}` }]);
  });

  it('leaves a declined charge to the customer: a recorded attempt is never retried by itself', async () => {
    world = await createWorld(driver, '2026-03-02T15:00:00Z');
    const { accountId } = await createAccount(world, '4000000000000002');
    await world.engine.startSubscription(accountId, 'team-monthly');
    world.clock.set('2026-03-02T15:05:00Z');
    expect(await chargeUnchargedInvoices(world.database, world.engine, world.clock.now())).toBe(0);
    const [invoice] = await invoicesOf(world, accountId);
    expect(invoice).toMatchObject({ status: 'open' });
  });
});
