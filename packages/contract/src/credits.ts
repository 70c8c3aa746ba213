/**
 * Credit arithmetic (docs/billing.md). Credits are kept in hundredths ("centicredits", cc) so every
 * amount is an exact integer; money is kept in cents. Overage costs $0.01 per credit, i.e. one cent per
 * 100 cc.
 */
export const CC_PER_CREDIT = 100;
export const OVERAGE_CENTS_PER_CREDIT = 1;

/** Integer division rounding half up (half a hundredth rounds away from zero for positive values). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError('exact integers only');
  }
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** credits used = billed seconds x credits per minute / 60, to the nearest hundredth (half up). */
export function creditsForCall(billedSeconds: number, ratePerMinuteCc: number): number {
  return divideRoundHalfUp(billedSeconds * ratePerMinuteCc, 60);
}

/** What a number of overage credits costs, to the nearest cent (half up). */
export function overageCents(overageCc: number): number {
  return divideRoundHalfUp(overageCc * OVERAGE_CENTS_PER_CREDIT, CC_PER_CREDIT);
}

export const ccToCredits = (cc: number): number => cc / CC_PER_CREDIT;
export const creditsToCc = (credits: number): number => Math.round(credits * CC_PER_CREDIT);
export const centsToDollars = (cents: number): number => cents / 100;

/**
 * A period's overage is rounded to the cent once, not invoice by invoice: an invoice that bills overage
 * bills the period's overage so far in cents less the cents its earlier invoices billed for overage, so
 * the period's invoices add up to exactly its overage credits at $0.01.
 */
export function overageCentsDue(periodOverageCc: number, centsBilledBefore: number): number {
  return overageCents(periodOverageCc) - centsBilledBefore;
}

/** Rollover is capped at three times the monthly plan credits. */
export const ROLLOVER_CAP_MULTIPLIER = 3;
/** Referral bonus caps: 3x monthly plan credits on monthly plans, 25% of the yearly allocation on annual. */
export function referralBonusCapCc(planCreditsCc: number, period: 'mo' | 'yr'): number {
  return period === 'mo' ? planCreditsCc * 3 : Math.floor(planCreditsCc / 4);
}

/** Default high-water thresholds for interim overage invoices, in cents; then every further $1,000. */
export const HIGH_WATER_THRESHOLDS_CENTS = [30_000, 50_000, 100_000] as const;
export const HIGH_WATER_STEP_AFTER_CENTS = 100_000;

/** The highest threshold at or below an amount (0 when none is reached). */
export function highWaterMark(
  amountCents: number,
  thresholds: readonly number[] = HIGH_WATER_THRESHOLDS_CENTS,
): number {
  let mark = 0;
  for (const t of thresholds) if (amountCents >= t) mark = t;
  const last = thresholds.at(-1) ?? 0;
  if (amountCents >= last + HIGH_WATER_STEP_AFTER_CENTS) {
    mark =
      last + Math.floor((amountCents - last) / HIGH_WATER_STEP_AFTER_CENTS) * HIGH_WATER_STEP_AFTER_CENTS;
  }
  return mark;
}

/** MONEY-04: annual plans have no rollover, so their pages show no rollover figures at all. */
export const hasRollover = (period: 'mo' | 'yr'): boolean => period === 'mo';

/**
 * Credits a summary counts in its total but charges nowhere: annual plans bill no overage, so calls
 * after their credits run out count in total_credits_used only. Two decimals, like every credit figure.
 */
export function unchargedCredits(info: {
  total_credits_used: number;
  plan_credits_used: number;
  rollover_credits_used: number;
  bonus_credits_used: number;
  overage_credits_used: number;
}): number {
  const rest =
    info.total_credits_used -
    info.plan_credits_used -
    info.rollover_credits_used -
    info.bonus_credits_used -
    info.overage_credits_used;
  // `+ 0` turns the -0 of a total a hair below its parts into 0.
  return Math.round(rest * 100) / 100 + 0;
}
