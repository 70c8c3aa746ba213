import { ACCOUNT_ACTION_TEXT, creditsForCall } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustCredits } from '../../../src/domain/admin/credit-adjustments';
import { subscriptionInfo } from '../../../src/domain/subscription/subscription-info';
import {
  DESTINATION,
  createAccount,
  createWorld,
  ledgerTotals,
  postCalls,
  type World,
} from '../../helpers/billing-harness';

// 10:00 in New York on a weekday; the subscription anniversaries fall on the 15th.
const START = '2026-01-15T15:00:00Z';
/** The grant of the first test, in centicredits (10,000.5 credits). */
const GRANT_CC = 1_000_050;

describe('console credit adjustments in the ledger (pglite)', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld('pglite', START);
  });
  afterAll(() => world?.close());

  const info = (accountId: string) => subscriptionInfo(world.database, accountId, world.clock.now());
  const adjust = (accountId: string, credits: number) =>
    world.database.transaction((tx) =>
      adjustCredits(tx, accountId, credits, world.clock.now(), 'staff: test'),
    );

  it('CMON-03 a grant is bonus credits: drawn after plan credits, carried over as bonus at the close', async () => {
    world.clock.set(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly'); // 30,000 credits a month
    expect(await adjust(accountId, 10_000.5)).toMatchObject({ credits: 10_000.5, creditsLeft: 40_000.5 });
    expect(await info(accountId)).toMatchObject({ plan_credits_left: 30_000, bonus_credits_left: 10_000.5 });

    // Calls just past the plan's 30,000 credits: the rest comes from the grant.
    world.clock.set('2026-01-20T20:00:00Z');
    const when = new Date('2026-01-20T15:00:00Z');
    const hour = creditsForCall(3600, world.rates.rateFor(DESTINATION, when)!);
    await postCalls(world, pin, when, Math.ceil(3_000_000 / hour) + 1, 3600);
    const [{ used }] = (await world.database.query<{ used: number }>(
      'select sum(credits_used)::int as used from calls where account_id = $1',
      [accountId],
    )) as [{ used: number }];
    const fromGrant = used - 3_000_000;
    expect(fromGrant).toBeGreaterThan(0);
    expect(fromGrant).toBeLessThan(GRANT_CC);
    const during = await info(accountId);
    expect(during).toMatchObject({ plan_credits_left: 0, overage_credits_used: 0 });
    expect(during.bonus_credits_used).toBeCloseTo(fromGrant / 100, 2);
    expect(during.bonus_credits_left).toBeCloseTo((GRANT_CC - fromGrant) / 100, 2);

    // At the close, the grant's unused part carries into the next period as bonus credits.
    world.clock.set('2026-02-15T15:00:00Z');
    await world.engine.closeDuePeriods(accountId);
    expect((await info(accountId)).bonus_credits_left).toBeCloseTo((GRANT_CC - fromGrant) / 100, 2);
    const { rows } = await ledgerTotals(world.database, accountId);
    expect(rows.filter((r) => r.kind === 'adjustment')).toEqual([
      { bucket: 'bonus', kind: 'adjustment', total: '1000050' },
    ]);
  });

  it('CMON-03 a removal takes bonus, then rollover, then plan credits; more than is left is refused and nothing changes', async () => {
    world.clock.set(START);
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    await adjust(accountId, 500);
    expect(await adjust(accountId, -800)).toMatchObject({ credits: -800, creditsLeft: 29_700 });
    expect(await info(accountId)).toMatchObject({ plan_credits_left: 29_700, bonus_credits_left: 0 });
    const { rows } = await ledgerTotals(world.database, accountId);
    expect(
      rows.filter((r) => r.kind === 'adjustment').sort((a, b) => a.bucket.localeCompare(b.bucket)),
    ).toEqual([
      { bucket: 'bonus', kind: 'adjustment', total: '0' },
      { bucket: 'plan', kind: 'adjustment', total: '-30000' },
    ]);
    await expect(adjust(accountId, -29_700.01)).rejects.toThrow(ACCOUNT_ACTION_TEXT.overRemoval(29_700));
    expect(await info(accountId)).toMatchObject({ plan_credits_left: 29_700 });
  });
});
