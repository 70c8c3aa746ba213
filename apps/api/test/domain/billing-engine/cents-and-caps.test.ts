import { creditsForCall, overageCents } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantReferralBonus } from '../../../src/domain/billing-engine/billing-engine';
import { findPlan } from '../../../src/domain/billing-engine/plans-repository';
import { openPeriod } from '../../../src/domain/billing-engine/subscription-periods';
import { subscriptionInfo } from '../../../src/domain/subscription/subscription-info';
import { drivers } from '../../helpers/app';
import {
  DESTINATION,
  createAccount,
  createWorld,
  invoicesOf,
  ledgerTotals,
  postCalls,
  type World,
} from '../../helpers/billing-harness';

// 10:00 in New York on a weekday; the subscription anniversaries fall on the 15th.
const START = '2026-01-15T15:00:00Z';
const SOLO_PLAN_CC = 400_000;

/** The shortest call from `from` seconds on whose credits end in `hundredths` (…0.40 credits and so on). */
function secondsEndingIn(rate: number, from: number, hundredths: (cc: number) => boolean): number {
  for (let s = from; s < from + 10_000; s++) if (hundredths(creditsForCall(s, rate))) return s;
  throw new Error('no call length gives those hundredths');
}

describe.each(drivers)('a period bills its overage to the cent, and caps hold on balances (%s)', (driver) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(driver, START);
  });
  afterAll(() => world?.close());

  it("a period's interim and closing invoices add up to its overage at $0.01, rounded once", async () => {
    world.clock.set(START);
    const { accountId, pin } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'solo-monthly'); // 4,000 credits, $50 a month
    const first = new Date('2026-01-20T15:00:00Z');
    const second = new Date('2026-01-22T15:00:00Z');
    world.clock.set('2026-01-22T23:00:00Z');
    // First call: past $300 of overage, ending in .40 credits (its interim invoice rounds down).
    const a = secondsEndingIn(world.rates.rateFor(DESTINATION, first)!, 35_000, (cc) => {
      const overage = cc - SOLO_PLAN_CC;
      return overage >= 3_000_000 && overage % 100 >= 30 && overage % 100 < 50;
    });
    const overageA = creditsForCall(a, world.rates.rateFor(DESTINATION, first)!) - SOLO_PLAN_CC;
    // Second call: its credits also round down alone, but together the hundredths pass a half cent.
    const rateB = world.rates.rateFor(DESTINATION, second)!;
    const b = secondsEndingIn(rateB, 60, (cc) => cc % 100 < 50 && (overageA % 100) + (cc % 100) >= 50);
    const overageB = creditsForCall(b, rateB);
    await postCalls(world, pin, first, 1, a, 'a');
    await postCalls(world, pin, second, 1, b, 'b');
    const info = await subscriptionInfo(world.database, accountId, world.clock.now());

    world.clock.set('2026-02-15T16:00:00Z');
    expect(await world.engine.closeDuePeriods(accountId)).toBe(1);
    const invoices = (await invoicesOf(world.database, accountId)).filter((i) => i.kind !== 'start');
    expect(invoices.map((i) => [i.kind, Number(i.overage_credits)])).toEqual([
      ['interim', overageA],
      ['period', overageB],
    ]);
    const total = overageCents(overageA + overageB);
    expect(overageCents(overageA) + overageCents(overageB)).toBe(total - 1); // each piece alone loses it
    expect(invoices.map((i) => i.overage_cents)).toEqual([
      overageCents(overageA),
      total - overageCents(overageA),
    ]);
    // The overview's next payment before the close is what the closing invoice then charged.
    expect(info.next_payment_amount! * 100).toBe(invoices[1]!.total_cents);
    const [line] = await world.database.query<{ quantity: string; amount_cents: number }>(
      `select l.quantity::text, l.amount_cents from invoice_lines l join invoices i on i.id = l.invoice_id
        where i.account_id = $1 and i.kind = 'period' and l.kind = 'overage'`,
      [accountId],
    );
    expect(line).toEqual({ quantity: String(overageB), amount_cents: total - overageCents(overageA) });
  });

  it('MONEY-06 counts bonus carried in from the last period against the cap of the bonus balance', async () => {
    world.clock.set(START);
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly'); // 30,000 credits; bonus cap 90,000
    expect(await grantReferralBonus(world.database, accountId, 9_000_000, world.clock.now())).toBe(9_000_000);
    world.clock.set('2026-02-15T16:00:00Z');
    await world.engine.closeDuePeriods(accountId); // 30,000 carry as rollover, 60,000 as bonus
    expect(await subscriptionInfo(world.database, accountId, world.clock.now())).toMatchObject({
      rollover_credits_left: 30_000,
      bonus_credits_left: 60_000,
    });
    expect(await grantReferralBonus(world.database, accountId, 9_000_000, world.clock.now())).toBe(3_000_000);
    expect(await grantReferralBonus(world.database, accountId, 100, world.clock.now())).toBe(0);
    expect(await subscriptionInfo(world.database, accountId, world.clock.now())).toMatchObject({
      bonus_credits_left: 90_000,
    });
  });

  it('MONEY-03 a period never opens with more carried in than three times its monthly credits', async () => {
    world.clock.set(START);
    const { accountId } = await createAccount(world);
    const team = (await findPlan(world.database, 'team-monthly', new Date(START)))!;
    const open = (carry: { rollover: number; bonus: number }) =>
      world.database.transaction((tx) =>
        openPeriod(tx, accountId, team, new Date(START), new Date('2026-02-15T15:00:00Z'), carry),
      );
    await expect(open({ rollover: 6_000_000, bonus: 3_000_001 })).rejects.toThrow(/rollover cap/);
    expect((await ledgerTotals(world.database, accountId)).rows).toEqual([]);
    await open({ rollover: 6_000_000, bonus: 3_000_000 });
    const { sum } = await ledgerTotals(world.database, accountId);
    expect(sum((r) => r.kind === 'carry_in')).toBe(9_000_000);
  });
});
