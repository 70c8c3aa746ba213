import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionInfo } from '../../../src/domain/subscription/subscription-info';
import { createAccount, createWorld, type World } from '../../helpers/billing-harness';

describe('days_in_period and days_left (pglite)', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld('pglite', '2026-04-15T14:00:00Z');
  });
  afterAll(() => world?.close());

  const info = (accountId: string) => subscriptionInfo(world.database, accountId, world.clock.now());

  it('OVW-03 days_in_period is the whole days elapsed; with days_left it makes the period length', async () => {
    world.clock.set('2026-04-15T14:00:00Z'); // 10:00 in New York; April 15 to May 15 is 30 days
    const { accountId } = await createAccount(world);
    expect(await info(accountId)).toMatchObject({ days_in_period: 0, days_left: 0 }); // no period yet
    await world.engine.startSubscription(accountId, 'team-monthly');
    expect(await info(accountId)).toMatchObject({ days_in_period: 0, days_left: 30 });
    world.clock.set('2026-04-17T20:00:00Z'); // day 3 of the period: 2 whole days and 6 hours elapsed
    expect(await info(accountId)).toMatchObject({ days_in_period: 2, days_left: 28 });
    world.clock.set('2026-04-22T13:59:00Z'); // the last minute of the first week
    expect(await info(accountId)).toMatchObject({ days_in_period: 6, days_left: 24 });
    world.clock.set('2026-05-15T13:59:00Z'); // the period's last minute
    expect(await info(accountId)).toMatchObject({ days_in_period: 29, days_left: 1 });
  });
});
