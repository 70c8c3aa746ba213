import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditsForCall,
  unchargedCredits,
  divideRoundHalfUp,
  highWaterMark,
  overageCents,
  overageCentsDue,
  referralBonusCapCc,
} from '../src/credits';

describe('credit arithmetic', () => {
  it.each([
    // billed seconds, credits per minute (hundredths), credits used (hundredths)
    [60, 2500, 2500], // one minute at 25 credits a minute
    [90, 2500, 3750], // a minute and a half
    [1, 2000, 33], // 20/60 = 0.333.. credits -> 0.33
    [3, 2050, 103], // 3 x 20.5 / 60 = 1.025 -> 1.03 (half up)
    [0, 4000, 0],
    [3600, 3125, 187_500], // an hour at 31.25 a minute = 1,875 credits
  ])('MONEY-01 credits used = %i s x %i cc/min / 60 = %i cc', (seconds, rate, expected) => {
    expect(creditsForCall(seconds, rate)).toBe(expected);
  });

  it('MONEY-02 overage is $0.01 per credit, to the nearest cent', () => {
    expect(overageCents(100)).toBe(1); // one credit, one cent
    expect(overageCents(3_000_000)).toBe(30_000); // 30,000 credits = $300
    expect(overageCents(150)).toBe(2); // 1.5 credits -> 2 cents (half up)
    expect(overageCents(149)).toBe(1);
  });

  it("MONEY-02 a period's overage is rounded once: pieces billed one after another add up to it to the cent", () => {
    // docs/billing.md: 30,000.40 credits on an interim invoice, the last 0.40 at the close.
    const interim = overageCentsDue(3_000_040, 0);
    expect(interim).toBe(30_000);
    expect(overageCentsDue(3_000_080, interim)).toBe(1);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 12 }), (pieces) => {
        let credits = 0;
        let cents = 0;
        for (const piece of pieces) {
          credits += piece;
          const due = overageCentsDue(credits, cents);
          expect(due).toBeGreaterThanOrEqual(0);
          cents += due;
        }
        expect(cents).toBe(overageCents(credits));
      }),
    );
  });

  // MONEY-03's worked example (30,000 a month keeps at most 90,000) is the billing engine's, run through
  // four month ends in apps/api/test/billing/engine.test.ts.
  it('MONEY-06 the referral bonus cap: three times 30,000 monthly credits, a quarter of 360,000 yearly', () => {
    expect(referralBonusCapCc(3_000_000, 'mo')).toBe(9_000_000);
    expect(referralBonusCapCc(36_000_000, 'yr')).toBe(9_000_000); // 25% of 360,000
    expect(referralBonusCapCc(400_000, 'mo')).toBe(1_200_000);
  });

  it.each([
    [29_999, 0],
    [30_000, 30_000],
    [49_999, 30_000],
    [50_000, 50_000],
    [100_000, 100_000],
    [199_999, 100_000],
    [200_000, 200_000],
    [350_000, 300_000],
  ])('MONEY-09 high-water mark of %i cents is %i', (amount, mark) => {
    expect(highWaterMark(amount)).toBe(mark);
  });

  it('rounds half up exactly for any integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 1, max: 10 ** 4 }), (n, d) => {
        const r = divideRoundHalfUp(n, d);
        expect(Math.abs(r * d - n) * 2).toBeLessThanOrEqual(d);
        if ((r * d - n) * 2 === -d) throw new Error('half rounded down');
      }),
    );
  });
});

describe('unchargedCredits', () => {
  it('is what the total holds beyond plan, rollover, bonus and overage credits, to the hundredth', () => {
    const used = {
      plan_credits_used: 30000,
      rollover_credits_used: 120.1,
      bonus_credits_used: 0,
      overage_credits_used: 0,
    };
    expect(unchargedCredits({ ...used, total_credits_used: 30120.1 })).toBe(0);
    expect(unchargedCredits({ ...used, total_credits_used: 30460.35 })).toBe(340.25);
    // Bonus credits are charged nowhere either, but they are credits of the account, not beyond them.
    expect(unchargedCredits({ ...used, bonus_credits_used: 200, total_credits_used: 30320.1 })).toBe(0);
  });
});
