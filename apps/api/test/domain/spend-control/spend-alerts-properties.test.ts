import { SPEND_REFUSALS } from '@enq/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSpendSettings } from '../../../src/domain/spend-control/spend-control';
import { currentForecast } from '../../../src/domain/subscription/plan-advisor';
import { authorizeCall } from '../../../src/domain/telephony/authorize';
import { ingestCalls } from '../../../src/domain/telephony/ingest';
import { drivers } from '../../helpers/app';
import { createAccount, createWorld, DESTINATION, type World } from '../../helpers/billing-harness';

// A period of random batches on a Solo plan (4,000 credits), with random thresholds and cap. The oracle
// reads the ledger before and after each batch on its own: a threshold is crossed by the batch that
// takes the usage from below it to at or above it; a forecast threshold, by the batch that takes the
// overview's projection of overage at the period's end (read the card's way) past it (SPEND-14).
const START = '2026-03-02T14:00:00Z';
const CALLS_AT = Date.parse('2026-03-10T15:00:00Z');

const settings = fc.record({
  percents: fc.uniqueArray(fc.integer({ min: 5, max: 160 }), { minLength: 0, maxLength: 4 }),
  overages: fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 0, maxLength: 3 }),
  cap: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
  forecasts: fc.uniqueArray(fc.integer({ min: 1, max: 300 }), { minLength: 0, maxLength: 3 }),
  batches: fc.array(fc.array(fc.integer({ min: 0, max: 5_400 }), { minLength: 1, maxLength: 4 }), {
    minLength: 1,
    maxLength: 7,
  }),
});

async function spendOf(world: World, accountId: string) {
  const [row] = await world.database.query<{ granted: string; included: string; overage: string }>(
    `select coalesce(sum(amount) filter (where kind in ('grant', 'carry_in', 'bonus')
                                         and bucket in ('plan', 'rollover', 'bonus')), 0)::text as granted,
            coalesce(-sum(amount) filter (where kind = 'use' and bucket in ('plan', 'rollover', 'bonus')), 0)::text as included,
            coalesce(-sum(amount) filter (where kind = 'use' and bucket = 'overage'), 0)::text as overage
       from credit_ledger where account_id = $1`,
    [accountId],
  );
  return { granted: Number(row!.granted), included: Number(row!.included), overage: Number(row!.overage) };
}

describe.each(drivers)('spend alerts over random periods (fast-check, %s)', (driver) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(driver, START);
  });
  afterAll(() => world?.close());

  it('SPEND-04 SPEND-07 SPEND-14 every alert, forecast ones too, fires once exactly when a batch crosses it; the cap refuses the first call past it and none before; raising it lets calls through', async () => {
    // What the runs went through, so the property cannot pass on periods where nothing was crossed.
    const seen = { crossings: 0, refusals: 0, raised: 0, forecasts: 0 };
    await fc.assert(
      fc.asyncProperty(settings, async ({ percents, overages, cap, forecasts, batches }) => {
        world.clock.set(START);
        const { accountId, pin } = await createAccount(world);
        await world.engine.startSubscription(accountId, 'solo-monthly');
        const [admin] = await world.database.query<{ id: string }>(
          'select id from people where account_id = $1 and is_admin',
          [accountId],
        );
        const actor = { accountId, personId: admin!.id, isAdmin: true };
        await saveSpendSettings(
          world.database,
          actor,
          {
            percent_thresholds: percents,
            overage_thresholds: overages,
            forecast_thresholds: forecasts,
            spending_cap: cap,
          },
          world.clock.now(),
        );
        world.clock.set(new Date(CALLS_AT + 2 * 3_600_000));
        const crossed = new Map<string, number>();
        const cross = (key: string) => crossed.set(key, (crossed.get(key) ?? 0) + 1);
        let at = CALLS_AT;
        let overage = 0;
        const projected = async () =>
          (await currentForecast(world.database, accountId, world.clock.now()))!.forecast
            .projectedOverageCents;
        for (const [i, seconds] of batches.entries()) {
          const before = await spendOf(world, accountId);
          const projectedBefore = await projected();
          const capReached = cap !== null && before.overage >= cap * 10_000;
          expect(await authorizeCall(world.database, pin)).toEqual(
            capReached ? { allowed: false, reason: SPEND_REFUSALS.cap } : { allowed: true, reason: null },
          );
          if (capReached) seen.refusals++;
          const records = seconds.map((s, j) => ({
            call_uuid: `${accountId}-${i}-${j}`,
            pin,
            call_timestamp: new Date((at += 60_000)).toISOString(),
            destination: DESTINATION,
            billed_duration: s,
          }));
          const deps = {
            database: world.database,
            rates: world.rates,
            engine: world.engine,
            now: world.clock.now(),
          };
          expect((await ingestCalls(deps, records)).accepted).toBe(seconds.length);
          const after = await spendOf(world, accountId);
          const passes = (from: number, to: number, mark: number) => from < mark && to >= mark;
          for (const p of percents)
            if (passes(before.included * 100, after.included * 100, p * after.granted))
              cross(`plan_percent:${p}`);
          for (const o of overages)
            if (passes(before.overage, after.overage, o * 10_000)) cross(`overage_cents:${o * 100}`);
          if (cap !== null && passes(before.overage, after.overage, cap * 10_000)) cross(`cap:${cap * 100}`);
          const projectedAfter = await projected();
          for (const f of forecasts)
            if (passes(projectedBefore, projectedAfter, f * 100)) cross(`forecast_overage_cents:${f * 100}`);
          overage = after.overage;
        }
        const firings = await world.database.query<{ key: string }>(
          "select kind || ':' || amount as key from spend_alert_firings where account_id = $1 order by 1",
          [accountId],
        );
        expect(firings.map((f) => f.key)).toEqual([...crossed.keys()].sort());
        seen.crossings += crossed.size;
        seen.forecasts += [...crossed.keys()].filter((k) => k.startsWith('forecast_')).length;
        expect([...crossed.values()].every((n) => n === 1)).toBe(true);
        const emails = await world.database.query<{ kind: string; n: number }>(
          `select kind, count(*)::int as n from outbox
            where account_id = $1 and kind in ('spend_alert', 'spending_cap') group by kind order by kind`,
          [accountId],
        );
        const alerts = [...crossed.keys()].filter((k) => !k.startsWith('cap:')).length;
        const capMails = crossed.has(`cap:${(cap ?? 0) * 100}`) ? 1 : 0;
        expect(emails).toEqual(
          [
            ...(alerts ? [{ kind: 'spend_alert', n: alerts }] : []),
            ...(capMails ? [{ kind: 'spending_cap', n: 1 }] : []),
          ].filter((e) => e.n > 0),
        );
        // After the last batch: refused exactly when the cap is reached; a raised cap lets calls through.
        const reached = cap !== null && overage >= cap * 10_000;
        expect((await authorizeCall(world.database, pin)).allowed).toBe(!reached);
        if (reached) {
          await saveSpendSettings(
            world.database,
            actor,
            {
              percent_thresholds: percents,
              overage_thresholds: overages,
              forecast_thresholds: [],
              spending_cap: Math.ceil(overage / 10_000) + 1,
            },
            world.clock.now(),
          );
          expect(await authorizeCall(world.database, pin)).toEqual({ allowed: true, reason: null });
          seen.raised++;
        }
      }),
      { numRuns: driver === 'pglite' ? 40 : 15 },
    );
    expect(seen.crossings).toBeGreaterThan(10);
    expect(seen.refusals).toBeGreaterThan(0);
    expect(seen.raised).toBeGreaterThan(0);
    expect(seen.forecasts).toBeGreaterThan(0);
  }, 600_000);
});
