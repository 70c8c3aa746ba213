import { ROLLOVER_CAP_MULTIPLIER } from '@enq/contract';
import type { PlanPeriod } from './periods';

/** Credits an account can still draw in a period, by bucket (centicredits). */
export interface Available {
  plan: number;
  rollover: number;
  /** Referral bonus credits (a bucket of their own, used after plan and rollover). */
  bonus: number;
}

/** How one call's credits are drawn: the documented order is plan, rollover, bonus, then overage. */
export interface Draw {
  plan: number;
  rollover: number;
  bonus: number;
  /** Billed at $0.01 per credit (monthly plans only). */
  overage: number;
  /** Used beyond an annual plan's credits: never billed (annual plans have no overage). */
  unbilled: number;
}

export function drawCredits(amount: number, available: Available, period: PlanPeriod): Draw {
  const plan = Math.min(amount, Math.max(available.plan, 0));
  const rollover = Math.min(amount - plan, Math.max(available.rollover, 0));
  const bonus = Math.min(amount - plan - rollover, Math.max(available.bonus, 0));
  const rest = amount - plan - rollover - bonus;
  return period === 'mo'
    ? { plan, rollover, bonus, overage: rest, unbilled: 0 }
    : { plan, rollover, bonus, overage: 0, unbilled: rest };
}

/** What a closing period hands to the next one, by the bucket it lands in. */
export interface Carry {
  /** Unused plan and rollover credits, carried into the next period's rollover bucket. */
  rollover: number;
  /** Unused bonus credits, carried into the next period's bonus bucket so they still show as bonus. */
  bonus: number;
}

/**
 * At the close of a period: on a monthly plan unused plan, rollover and bonus credits carry into the
 * next monthly period, together capped at three times the next plan's monthly credits; the rest
 * expires. The cap is filled in draw order (plan and rollover credits first, bonus last), so when it
 * bites the bonus expires first: bonus credits are the last layer everywhere. Annual plans (on either
 * side of the boundary) carry nothing.
 */
export function closingCarry(
  left: Available,
  closing: PlanPeriod,
  next: { period: PlanPeriod; creditsCc: number } | null,
): { carry: Carry; expire: number } {
  const planAndRollover = Math.max(left.plan, 0) + Math.max(left.rollover, 0);
  const bonus = Math.max(left.bonus, 0);
  if (closing !== 'mo' || !next || next.period !== 'mo')
    return { carry: { rollover: 0, bonus: 0 }, expire: planAndRollover + bonus };
  const cap = next.creditsCc * ROLLOVER_CAP_MULTIPLIER;
  const rollover = Math.min(planAndRollover, cap);
  const carriedBonus = Math.min(bonus, cap - rollover);
  return {
    carry: { rollover, bonus: carriedBonus },
    expire: planAndRollover - rollover + bonus - carriedBonus,
  };
}
