import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPlan, listAvailablePlans } from '../../../src/domain/billing-engine/plans-repository';
import { cataloguePlans, schedulePlanVersion } from '../../../src/domain/catalogue/catalogue-plans';
import { subscriptionInfo } from '../../../src/domain/subscription/subscription-info';
import { drivers } from '../../helpers/app';
import { createAccount, createWorld, invoicesOf, type World } from '../../helpers/billing-harness';

// 10:00 in New York on a weekday; the subscription renews on the 15th of each month.
const START = '2026-01-15T15:00:00Z';

describe.each(drivers)('plan versions and the periods that take them (%s)', (driver) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(driver, START);
  });
  afterAll(() => world?.close());

  const planGrants = (accountId: string) =>
    world.database.query<{ starts_at: Date; amount: number }>(
      `select p.starts_at, l.amount::int as amount from credit_ledger l join billing_periods p on p.id = l.period_id
        where l.account_id = $1 and l.kind = 'grant' and l.bucket = 'plan' order by p.starts_at`,
      [accountId],
    );

  it("CAT-02 a price change effective next month reaches an existing subscription's next renewal; the current period keeps its price (killbill#2291)", async () => {
    world.clock.set(START);
    const { accountId } = await createAccount(world);
    await world.engine.startSubscription(accountId, 'team-monthly'); // $300 and 30,000 credits a month
    const [start] = await invoicesOf(world.database, accountId);
    expect(start).toMatchObject({ kind: 'start', subscription_cents: 30_000 });

    world.clock.set('2026-01-20T15:00:00Z');
    await world.database.transaction(async (tx) => {
      await schedulePlanVersion(
        tx,
        'team-monthly',
        { effective_from: '2026-02-01T05:00:00Z', price_cents: 35_000, credits: 32_000, save: null },
        world.clock.now(),
      );
      // A later version still: the February renewal starts before it and must not take it.
      await schedulePlanVersion(
        tx,
        'team-monthly',
        { effective_from: '2026-02-20T05:00:00Z', price_cents: 40_000, credits: 36_000, save: null },
        world.clock.now(),
      );
    });
    // The period under way is as it was: its invoice and its credits.
    expect((await invoicesOf(world.database, accountId))[0]).toEqual(start);
    expect((await planGrants(accountId)).map((g) => g.amount)).toEqual([3_000_000]);
    expect((await findPlan(world.database, 'team-monthly', world.clock.now()))!.priceCents).toBe(30_000);
    // The subscription page: this period's plan credits as they were, the renewal at the new price.
    const info = await subscriptionInfo(world.database, accountId, world.clock.now());
    expect(info.current_plan).toMatchObject({ credits: 30_000 });
    expect(info.next_payment_amount).toBe(350);

    world.clock.set('2026-02-15T16:00:00Z');
    expect(await world.engine.closeDuePeriods(accountId)).toBe(1);
    const invoices = await invoicesOf(world.database, accountId);
    expect(invoices[0]).toEqual(start);
    const closing = invoices.find((i) => i.kind === 'period')!;
    expect(closing.subscription_cents).toBe(35_000);
    expect((await planGrants(accountId)).map((g) => g.amount)).toEqual([3_000_000, 3_200_000]);

    // The March renewal takes the version in force on March 15th.
    world.clock.set('2026-03-15T16:00:00Z');
    expect(await world.engine.closeDuePeriods(accountId)).toBe(1);
    const march = (await invoicesOf(world.database, accountId)).filter((i) => i.kind === 'period');
    expect(march.map((i) => i.subscription_cents)).toEqual([35_000, 40_000]);
    expect((await planGrants(accountId)).map((g) => g.amount)).toEqual([3_000_000, 3_200_000, 3_600_000]);
  });

  it('CAT-01 the plan list shows the version in force now; the console lists every version with its status', async () => {
    const at = new Date('2026-02-10T00:00:00Z');
    const team = (await listAvailablePlans(world.database, at)).find((p) => p.id === 'team-monthly')!;
    expect(team).toMatchObject({ priceCents: 35_000, creditsCc: 3_200_000 });
    const listed = (await cataloguePlans(world.database, at)).plans.find((p) => p.id === 'team-monthly')!;
    expect(listed.versions).toEqual([
      { effective_from: null, price_cents: 30_000, credits: 30_000, save: null, status: 'past' },
      {
        effective_from: '2026-02-01T05:00:00.000Z',
        price_cents: 35_000,
        credits: 32_000,
        save: null,
        status: 'in_force',
      },
      {
        effective_from: '2026-02-20T05:00:00.000Z',
        price_cents: 40_000,
        credits: 36_000,
        save: null,
        status: 'scheduled',
      },
    ]);
  });

  it('CAT-01 a version dated in the past is refused naming the field, and changes nothing', async () => {
    world.clock.set('2026-03-20T15:00:00Z');
    const before = await cataloguePlans(world.database, world.clock.now());
    await expect(
      world.database.transaction((tx) =>
        schedulePlanVersion(
          tx,
          'solo-monthly',
          { effective_from: '2026-03-01T05:00:00Z', price_cents: 1, credits: 1, save: null },
          world.clock.now(),
        ),
      ),
    ).rejects.toMatchObject({ kind: 'invalid', field: 'effective_from' });
    expect(await cataloguePlans(world.database, world.clock.now())).toEqual(before);
  });
});
