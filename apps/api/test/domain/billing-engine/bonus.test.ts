import { creditsForCall } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantReferralBonus } from '../../../src/domain/billing-engine/billing-engine';
import { closingCarry, drawCredits } from '../../../src/domain/billing-engine/rules';
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

describe('draw order and carry (rules)', () => {
  it('draws plan, then rollover, then bonus, then overage (monthly) or unbilled (annual)', () => {
    const available = { plan: 100, rollover: 50, bonus: 30 };
    expect(drawCredits(120, available, 'mo')).toEqual({
      plan: 100,
      rollover: 20,
      bonus: 0,
      overage: 0,
      unbilled: 0,
    });
    expect(drawCredits(170, available, 'mo')).toEqual({
      plan: 100,
      rollover: 50,
      bonus: 20,
      overage: 0,
      unbilled: 0,
    });
    expect(drawCredits(200, available, 'mo')).toMatchObject({ bonus: 30, overage: 20, unbilled: 0 });
    expect(drawCredits(200, available, 'yr')).toMatchObject({ bonus: 30, overage: 0, unbilled: 20 });
  });

  it('carries plan and rollover first, then bonus, within one 3x cap; annual plans carry nothing', () => {
    const next = { period: 'mo' as const, creditsCc: 100 }; // cap 300
    expect(closingCarry({ plan: 100, rollover: 50, bonus: 100 }, 'mo', next)).toEqual({
      carry: { rollover: 150, bonus: 100 },
      expire: 0,
    });
    expect(closingCarry({ plan: 100, rollover: 150, bonus: 100 }, 'mo', next)).toEqual({
      carry: { rollover: 250, bonus: 50 },
      expire: 50,
    });
    expect(closingCarry({ plan: 100, rollover: 300, bonus: 100 }, 'mo', next)).toEqual({
      carry: { rollover: 300, bonus: 0 },
      expire: 200,
    });
    expect(closingCarry({ plan: 100, rollover: 0, bonus: 100 }, 'yr', next)).toEqual({
      carry: { rollover: 0, bonus: 0 },
      expire: 200,
    });
  });
});

describe('bonus credits as their own bucket (pglite)', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld('pglite', START);
  });
  afterAll(() => world?.close());

  const info = (accountId: string) => subscriptionInfo(world.database, accountId, world.clock.now());
  const callsOf = (accountId: string) =>
    world.database.query<{ plan: string; rollover: string; bonus: string; overage: string; used: string }>(
      `select plan_credits::text as plan, rollover_credits::text as rollover, bonus_credits::text as bonus,
              overage_credits::text as overage, credits_used::text as used
         from calls where account_id = $1 order by call_timestamp, call_uuid`,
      [accountId],
    );

  it('a bonus shows as bonus, not rollover, in subscription_info', async () => {
    world.clock.set(START);
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly');
    expect(await grantReferralBonus(world.database, accountId, 200_000, world.clock.now())).toBe(200_000);
    expect(await info(accountId)).toMatchObject({
      plan_credits_left: 30_000,
      rollover_credits_left: 0,
      bonus_credits_left: 2_000,
      bonus_credits_used: 0,
    });
    const { rows } = await ledgerTotals(world.database, accountId);
    expect(rows.filter((r) => r.kind === 'bonus')).toEqual([
      { bucket: 'bonus', kind: 'bonus', total: '200000' },
    ]);
  });

  it('a call draws the bonus after plan and rollover credits and before overage', async () => {
    world.clock.set(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly'); // 30,000 credits a month
    world.clock.set('2026-02-15T15:00:00Z');
    await world.engine.closeDuePeriods(accountId); // 30,000 roll over
    await grantReferralBonus(world.database, accountId, 1_000_000, world.clock.now()); // 10,000 bonus
    world.clock.set('2026-02-17T20:00:00Z');
    const when = new Date('2026-02-17T15:00:00Z');
    const perCall = creditsForCall(3600, world.rates.rateFor(DESTINATION, when)!);
    const count = Math.ceil(7_500_000 / perCall); // a little beyond plan + rollover + bonus (70,000)
    expect(await postCalls(world, pin, when, count, 3600)).toMatchObject({ accepted: count });

    const total = (await callsOf(accountId)).reduce((t, c) => t + Number(c.used), 0);
    expect(await info(accountId)).toMatchObject({
      plan_credits_used: 30_000,
      rollover_credits_used: 30_000,
      bonus_credits_used: 10_000,
      overage_credits_used: (total - 7_000_000) / 100,
      total_credits_used: total / 100,
      bonus_credits_left: 0,
    });
    // Call by call: bonus only once rollover is gone, overage only once the bonus is gone.
    const calls = await callsOf(accountId);
    let stage = 0;
    for (const c of calls) {
      expect(Number(c.plan) + Number(c.rollover) + Number(c.bonus) + Number(c.overage)).toBe(Number(c.used));
      const first = ['plan', 'rollover', 'bonus', 'overage'].findIndex((k) => Number(c[k as 'plan']) > 0);
      expect(first).toBeGreaterThanOrEqual(stage);
      stage = ['plan', 'rollover', 'bonus', 'overage'].findLastIndex((k) => Number(c[k as 'plan']) > 0);
    }
    expect(calls.reduce((t, c) => t + Number(c.bonus), 0)).toBe(1_000_000);
  });

  it('an annual account with a bonus shows no rollover, draws the bonus before unbilled, and is exhausted after it', async () => {
    world.clock.set(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'solo-annual'); // 48,000 credits; bonus cap 12,000
    expect(await grantReferralBonus(world.database, accountId, 5_000_000, world.clock.now())).toBe(1_200_000);
    expect(await info(accountId)).toMatchObject({ rollover_credits_left: 0, bonus_credits_left: 12_000 });

    world.clock.set('2026-03-03T20:00:00Z');
    const when = new Date('2026-03-03T15:00:00Z');
    const perCall = creditsForCall(3600, world.rates.rateFor(DESTINATION, when)!);
    const within = Math.floor(5_900_000 / perCall); // past the plan credits, inside the bonus
    await postCalls(world, pin, when, within, 3600, `${accountId}-a`);
    const during = await info(accountId);
    expect(during).toMatchObject({
      plan_credits_used: 48_000,
      rollover_credits_used: 0,
      rollover_credits_left: 0,
    });
    expect(during.bonus_credits_used).toBeGreaterThan(0);
    expect(during.bonus_credits_left).toBeGreaterThan(0);
    expect(during.is_credits_exhausted).toBe(false);

    world.clock.set('2026-03-04T20:00:00Z');
    await postCalls(world, pin, new Date('2026-03-04T15:00:00Z'), 5, 3600, `${accountId}-b`);
    const after = await info(accountId);
    expect(after).toMatchObject({
      bonus_credits_used: 12_000,
      bonus_credits_left: 0,
      rollover_credits_used: 0,
      rollover_credits_left: 0,
      overage_credits_used: 0,
      is_credits_exhausted: true,
    });
  });

  it('monthly: unused bonus carries into the next bonus bucket within the 3x cap, cut before rollover', async () => {
    world.clock.set(START);
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly'); // cap 90,000
    await grantReferralBonus(world.database, accountId, 5_000_000, world.clock.now()); // 50,000 bonus
    world.clock.set('2026-02-15T15:00:00Z');
    await world.engine.closeDuePeriods(accountId); // 30,000 plan + 50,000 bonus = 80,000: all carry
    expect(await info(accountId)).toMatchObject({
      rollover_credits_left: 30_000,
      bonus_credits_left: 50_000,
    });
    world.clock.set('2026-03-15T15:00:00Z');
    await world.engine.closeDuePeriods(accountId); // 30,000 + 30,000 + 50,000 = 110,000: 20,000 bonus expires
    expect(await info(accountId)).toMatchObject({
      rollover_credits_left: 60_000,
      bonus_credits_left: 30_000,
    });
    const { sum } = await ledgerTotals(world.database, accountId);
    expect(sum((r) => r.kind === 'expire' && r.bucket === 'bonus')).toBe(-2_000_000);
    expect(sum((r) => r.kind === 'expire' && r.bucket !== 'bonus')).toBe(0);
  });

  it('annual: an unused bonus expires at the end of the year with the plan credits', async () => {
    world.clock.set(START);
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'solo-annual');
    await grantReferralBonus(world.database, accountId, 1_000_000, world.clock.now());
    world.clock.set('2027-01-15T15:00:00Z');
    await world.engine.closeDuePeriods(accountId);
    expect(await info(accountId)).toMatchObject({
      plan_credits_left: 48_000,
      rollover_credits_left: 0,
      bonus_credits_left: 0,
    });
    const { sum } = await ledgerTotals(world.database, accountId);
    expect(sum((r) => r.kind === 'expire' && r.bucket === 'bonus')).toBe(-1_000_000);
    expect(sum((r) => r.kind === 'carry_in')).toBe(0);
  });
});
