import { ROLLOVER_CAP_MULTIPLIER } from '@enq/contract';
import type { PlanPeriod } from '../subscriptions/periods';

/** Credits an account can still draw in a period, by bucket (centicredits). */
export interface Available {
  plan: number;
  rollover: number;
}

/** How one call's credits are drawn: the documented order is plan, then rollover, then overage. */
export interface Draw {
  plan: number;
  rollover: number;
  /** Billed at $0.01 per credit (monthly plans only). */
  overage: number;
  /** Used beyond an annual plan's credits: never billed (annual plans have no overage). */
  unbilled: number;
}

export function drawCredits(amount: number, available: Available, period: PlanPeriod): Draw {
  const plan = Math.min(amount, Math.max(available.plan, 0));
  const rollover = Math.min(amount - plan, Math.max(available.rollover, 0));
  const rest = amount - plan - rollover;
  return period === 'mo'
    ? { plan, rollover, overage: rest, unbilled: 0 }
    : { plan, rollover, overage: 0, unbilled: rest };
}

/**
 * At the close of a period: on a monthly plan unused plan and rollover credits carry into the next
 * monthly period, capped at three times the next plan's monthly credits; the rest expires. Annual plans
 * (on either side of the boundary) carry nothing.
 */
export function closingCarry(
  left: Available,
  closing: PlanPeriod,
  next: { period: PlanPeriod; creditsCc: number } | null,
): { carry: number; expire: number } {
  const unused = Math.max(left.plan, 0) + Math.max(left.rollover, 0);
  if (closing !== 'mo' || !next || next.period !== 'mo') return { carry: 0, expire: unused };
  const carry = Math.min(unused, next.creditsCc * ROLLOVER_CAP_MULTIPLIER);
  return { carry, expire: unused - carry };
}
