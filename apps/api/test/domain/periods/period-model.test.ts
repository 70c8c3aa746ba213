import { periodDays } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { prorate } from '../../../src/domain/billing-engine/proration';
import { forecastOf, periodModel } from '../../../src/domain/periods/period-model';

// The period model's own rules (docs/billing.md, "The days of a period"); that every surface reads it
// alike is period-model-api.test.ts's.

// Nov 5, 10:00 New York, to Dec 5: 30 days; Nov 24 at 15:00 New York is 19 whole days in.
const period = { start: new Date('2026-11-05T15:00:00Z'), end: new Date('2026-12-05T15:00:00Z') };
const now = new Date('2026-11-24T20:00:00Z');

describe('the period model', () => {
  it('names plan, rollover and bonus credits, each used and left, and counts the days by the one rule', () => {
    const model = periodModel({
      period,
      planPeriod: 'mo',
      ledger: {
        used: { plan: 3_000_000, rollover: 200_000, bonus: 50_000, overage: 125_000 },
        left: { plan: 0, rollover: 300_000, bonus: 150_000 },
      },
      capCents: 5_000,
      now,
    });
    expect(model.days).toEqual({ days: 30, elapsed: 19, left: 11 });
    expect(model.credits).toEqual({
      plan: { availableCc: 3_000_000, usedCc: 3_000_000, leftCc: 0 },
      rollover: { availableCc: 500_000, usedCc: 200_000, leftCc: 300_000 },
      bonus: { availableCc: 200_000, usedCc: 50_000, leftCc: 150_000 },
    });
    expect(model).toMatchObject({
      availableCc: 3_700_000,
      leftCc: 450_000,
      usedCc: 3_375_000,
      overageCc: 125_000,
      billsOverage: true,
      capCents: 5_000,
    });
  });

  it('an annual plan has no cap to apply and counts its unbilled use in the total (MONEY-04)', () => {
    const model = periodModel({
      period: { start: new Date('2026-09-01T14:00:00Z'), end: new Date('2027-09-01T14:00:00Z') },
      planPeriod: 'yr',
      // Upgrade now's withdrawal can take a bucket below zero: nothing is left, never less.
      ledger: {
        used: { plan: 4_800_000, rollover: 0, bonus: 200_000, overage: 0, unbilled: 4_413_682 },
        left: { plan: -1, rollover: 0, bonus: 0 },
      },
      capCents: 5_000,
      now,
    });
    expect(model.days).toEqual({ days: 365, elapsed: 84, left: 281 });
    expect(model).toMatchObject({ availableCc: 5_000_000, leftCc: 0, usedCc: 9_413_682, capCents: null });
    expect(model.credits.plan).toEqual({ availableCc: 4_800_000, usedCc: 4_800_000, leftCc: 0 });
  });

  it("the forecast projects against the model's available credits and names its days", () => {
    const model = periodModel({
      period,
      planPeriod: 'mo',
      ledger: {
        used: { plan: 100_000, rollover: 0, bonus: 0, overage: 0 },
        left: { plan: 2_900_000, rollover: 0, bonus: 200_000 },
      },
      now,
    });
    const f = forecastOf(model, [{ date: '2026-11-10', cc: 100_000 }], now);
    expect(f.usedCc).toBe(100_000);
    expect(f.note).toContain('over the 11 days left of 30.');
  });

  it("Upgrade now prorates by the model's days: the length and the days left every screen shows", () => {
    const p = prorate(
      { priceCents: 15_000, creditsCc: 1_400_000 },
      { priceCents: 30_000, creditsCc: 3_000_000 },
      period,
      now,
      () => 0,
    );
    const days = periodDays(period, now);
    expect({ lengthDays: p.lengthDays, daysLeft: p.daysLeft }).toEqual({
      lengthDays: days.days,
      daysLeft: days.left,
    });
    // 11 of 30 days: $55.00 credited, $110.00 charged, 11,000 credits granted and 5,133.33 withdrawn.
    expect(p).toMatchObject({
      creditCents: 5_500,
      chargeCents: 11_000,
      grantCc: 1_100_000,
      withdrawCc: 513_333,
    });
  });
});
