import { divideRoundHalfUp } from '@enq/contract';
import { periodDays } from '../periods';
import type { PeriodBounds } from './periods';
import type { Plan } from './plans-repository';

/** Upgrade now's figures (docs/billing.md, "Upgrade now"): cents, and centicredits for the credits. */
export interface Proration {
  /** The period's length and the days left in it, as every screen counts them (periods/period-model). */
  lengthDays: number;
  daysLeft: number;
  /** The unused part of the current plan, credited. */
  creditCents: number;
  /** The new plan for the rest of the period. */
  chargeCents: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** The new plan's credits for the rest of the period, and the current plan's withdrawn. */
  grantCc: number;
  withdrawCc: number;
}

/**
 * The proration of moving from `current` to `next` at `at` within `period`: by the days left over the
 * period's days, each amount rounded to the nearest cent (credits to the nearest hundredth), halves up;
 * tax is the invoice's own on the subtotal (`tax`), so the invoice matches the preview to the cent.
 */
export function prorate(
  current: Pick<Plan, 'priceCents' | 'creditsCc'>,
  next: Pick<Plan, 'priceCents' | 'creditsCc'>,
  period: PeriodBounds,
  at: Date,
  tax: (subtotalCents: number) => number,
): Proration {
  const { days: lengthDays, left: daysLeft } = periodDays(period, at);
  const part = (amount: number) => (lengthDays > 0 ? divideRoundHalfUp(amount * daysLeft, lengthDays) : 0);
  const creditCents = part(current.priceCents);
  const chargeCents = part(next.priceCents);
  const subtotalCents = chargeCents - creditCents;
  const taxCents = tax(subtotalCents);
  return {
    lengthDays,
    daysLeft,
    creditCents,
    chargeCents,
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
    grantCc: part(next.creditsCc),
    withdrawCc: part(current.creditsCc),
  };
}
