import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE } from '../../../src/db/seed/plans';
import { billingEngines } from '../../../src/domain/billing-engine/billing-engines';
import { queueMonthlyReport } from '../../../src/domain/monthly-report';
import { DEFAULT_SELLER } from '../../../src/domain/billing-engine/invoice-issuer';
import { bucketBalances } from '../../../src/domain/billing-engine/ledger-repository';
import { currentPeriod } from '../../../src/domain/billing-engine/subscription-periods-repository';
import { applyUpgrade, upgradeQuote } from '../../../src/domain/subscription/plan-upgrade';
import { createAccount, createWorld, postCalls, type World } from '../../helpers/billing-harness';

const DAY = 86_400_000;
/** Every pair of plans Upgrade now allows: the same cycle, dearer, with more credits. */
const UPGRADES = PLAN_CATALOGUE.flatMap((from) =>
  PLAN_CATALOGUE.filter(
    (to) => to.period === from.period && to.priceCents > from.priceCents && to.credits > from.credits,
  ).map((to) => ({ from, to })),
);

const scenario = fc.record({
  pair: fc.constantFrom(...UPGRADES),
  /** The period's start: a day of 2026 at 15:00 UTC (office hours in New York, so calls are rated). */
  startDay: fc.integer({ min: 0, max: 364 }),
  /** The upgrade's moment within the first 28 days (so it falls inside a monthly period too). */
  upgradeMinute: fc.integer({ min: 0, max: 28 * 24 * 60 - 1 }),
  /** Basis points of sales tax (0: none), and whether the account is exempt. */
  taxBp: fc.constantFrom(0, 625, 825, 1_000, 2_500),
  exempt: fc.boolean(),
  batches: fc.array(
    fc.record({
      day: fc.integer({ min: 0, max: 27 }),
      count: fc.integer({ min: 1, max: 6 }),
      seconds: fc.integer({ min: 0, max: 7_200 }),
    }),
    { maxLength: 5 },
  ),
});

describe('Upgrade now over random periods, plans, usage and moments (fast-check, PGlite)', () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld('pglite', '2026-01-01T15:00:00Z');
  });
  afterAll(() => world?.close());

  it('PLAN-06 the invoice equals its preview to the cent, and the credits granted and withdrawn add up in the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ pair, startDay, upgradeMinute, taxBp, exempt, batches }) => {
        const start = Date.parse('2026-01-01T15:00:00Z') + startDay * DAY;
        world.clock.set(new Date(start));
        const { accountId, pin } = await createAccount(world);
        if (exempt)
          await world.database.query(
            "update accounts set tax_status = 'exempt', tax_exemption_reference = 'EX' where id = $1",
            [accountId],
          );
        const billing = billingEngines({
          issuer: { seller: DEFAULT_SELLER, taxRateBasisPoints: taxBp },
          clock: world.clock,
          payments: world.sandbox,
          afterClose: queueMonthlyReport,
        });
        const engine = billing.engine(world.database);
        await engine.startSubscription(accountId, pair.from.id);
        const at = start + upgradeMinute * 60_000;
        for (const batch of batches.filter((b) => start + b.day * DAY < at)) {
          world.clock.set(new Date(start + batch.day * DAY));
          await postCalls(world, pin, new Date(start + batch.day * DAY), batch.count, batch.seconds);
        }
        world.clock.set(new Date(at));
        const period = (await currentPeriod(world.database, accountId))!;
        const before = await bucketBalances(world.database, accountId, period.id);
        const quote = await upgradeQuote(
          world.database,
          accountId,
          pair.to.id,
          world.clock.now(),
          billing.issuer,
        );
        const p = quote.proration;
        const [admin] = await world.database.query<{ id: string }>(
          'select id from people where account_id = $1',
          [accountId],
        );
        const invoiceId = await applyUpgrade(
          billing.deps(world.database),
          engine,
          { accountId, personId: admin!.id },
          pair.to.id,
          p.totalCents,
        );

        // Each amount is its exact share of the price to the nearest cent, halves up.
        const share = (amount: number) => (amount * p.daysLeft) / p.lengthDays;
        expect(Math.abs(p.creditCents - share(pair.from.priceCents))).toBeLessThanOrEqual(0.5);
        expect(Math.abs(p.chargeCents - share(pair.to.priceCents))).toBeLessThanOrEqual(0.5);
        const [invoice] = await world.database.query<Record<string, number | string>>(
          `select status, subtotal_cents, tax_cents, total_cents,
                  (select sum(amount_cents)::int from invoice_lines where invoice_id = i.id) as lines
             from invoices i where id = $1`,
          [invoiceId],
        );
        expect(invoice).toEqual({
          status: 'paid',
          subtotal_cents: p.subtotalCents,
          tax_cents: p.taxCents,
          total_cents: p.totalCents,
          lines: p.subtotalCents,
        });
        expect(p.subtotalCents).toBe(p.chargeCents - p.creditCents);
        if (exempt || taxBp === 0) expect(p.taxCents).toBe(0);
        const [charged] = await world.database.query<{ cents: number }>(
          `select coalesce(sum(amount_cents), 0)::int as cents from payments
            where invoice_id = $1 and status = 'succeeded'`,
          [invoiceId],
        );
        expect(charged!.cents).toBe(p.totalCents);

        const entries = await world.database.query<{ kind: string; amount: string }>(
          'select kind, amount::text from credit_ledger where account_id = $1 and invoice_id = $2 order by id',
          [accountId, invoiceId],
        );
        expect(entries.map((e) => [e.kind, Number(e.amount)])).toEqual([
          ['grant', p.grantCc],
          ['expire', -p.withdrawCc],
        ]);
        const after = await bucketBalances(world.database, accountId, period.id);
        expect(after).toEqual({ ...before, plan: before.plan + p.grantCc - p.withdrawCc });
        expect((await currentPeriod(world.database, accountId))!.plan.id).toBe(pair.to.id);
      }),
      { numRuns: 25, seed: 2026 },
    );
  }, 240_000);
});
