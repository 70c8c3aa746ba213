import {
  forecastPeriod,
  pausedDays,
  periodDays,
  type Forecast,
  type PausedStretch,
  type PeriodDays,
} from '@enq/contract';

// One model of a billing period (docs/billing.md, "The days of a period"), which every surface reads: the
// overview and Subscription (subscription-info), the forecast and its alerts, the console's account page
// and Upgrade now's proration. It knows no other domain folder: its callers pass in what they read from
// the ledger, so a figure is worked out once, with one rule, however it was read.

export { periodDays, type PeriodDays };

export type PlanPeriod = 'mo' | 'yr';

/** A credit bucket of the period, in centicredits: what it held (used plus left), used and left. */
export interface BucketFigures {
  availableCc: number;
  usedCc: number;
  leftCc: number;
}

/** A period's ledger sums by bucket, in centicredits; `left` may be below zero after an upgrade's withdrawal. */
export interface PeriodLedger {
  used: { plan: number; rollover: number; bonus: number; overage: number; unbilled?: number };
  left: { plan: number; rollover: number; bonus: number };
}

export interface PeriodModel {
  start: Date;
  end: Date;
  planPeriod: PlanPeriod;
  days: PeriodDays;
  /** Plan, rollover and bonus credits, each named as such (an annual plan has no rollover, MONEY-04). */
  credits: { plan: BucketFigures; rollover: BucketFigures; bonus: BucketFigures };
  /** Plan, rollover and bonus together: what the period draws before overage (or unbilled use). */
  availableCc: number;
  leftCc: number;
  /** Every credit used in the period, overage and unbilled included. */
  usedCc: number;
  overageCc: number;
  unbilledCc: number;
  /** Monthly plans bill overage; annual plans never do (MONEY-04). */
  billsOverage: boolean;
  /** The saved spending cap in cents, which holds a monthly plan's overage; null: none, or an annual plan. */
  capCents: number | null;
}

const bucket = (usedCc: number, leftCc: number): BucketFigures => {
  const left = Math.max(leftCc, 0);
  return { availableCc: usedCc + left, usedCc, leftCc: left };
};

/** The period at `now` from its bounds, plan period, ledger sums and the saved spending cap. */
export function periodModel(input: {
  period: { start: Date; end: Date };
  planPeriod: PlanPeriod;
  ledger: PeriodLedger;
  capCents?: number | null;
  now: Date;
}): PeriodModel {
  const { period, planPeriod, ledger } = input;
  const credits = {
    plan: bucket(ledger.used.plan, ledger.left.plan),
    rollover: bucket(ledger.used.rollover, ledger.left.rollover),
    bonus: bucket(ledger.used.bonus, ledger.left.bonus),
  };
  const parts = [credits.plan, credits.rollover, credits.bonus];
  const sum = (pick: (b: BucketFigures) => number) => parts.reduce((t, b) => t + pick(b), 0);
  const unbilledCc = ledger.used.unbilled ?? 0;
  const billsOverage = planPeriod === 'mo';
  return {
    start: period.start,
    end: period.end,
    planPeriod,
    days: periodDays(period, input.now),
    credits,
    availableCc: sum((b) => b.availableCc),
    leftCc: sum((b) => b.leftCc),
    usedCc: sum((b) => b.usedCc) + ledger.used.overage + unbilledCc,
    overageCc: ledger.used.overage,
    unbilledCc,
    billsOverage,
    capCents: billsOverage ? (input.capCents ?? null) : null,
  };
}

/** The period's forecast (PLAN-01..05) from its credits used per New York day, against its available credits. */
export function forecastOf(
  model: PeriodModel,
  usageByDay: readonly { date: string; cc: number }[],
  now: Date,
): Forecast {
  return forecastPeriod({
    period: { start: model.start, end: model.end },
    usageByDay,
    availableCc: model.availableCc,
    now,
    billsOverage: model.billsOverage,
  });
}

/**
 * A paused stretch of a monthly plan (docs/billing.md, "Pausing a plan"), read as a period is: its bounds
 * (the end of the last period, the resume) and its days by the one rule. It has no credits and bills
 * nothing; the carry it holds for the resume is the pause's, unaged.
 */
export interface PausedStretchModel extends PausedStretch {
  days: PeriodDays;
}

export function pausedStretchModel(stretch: PausedStretch, now: Date): PausedStretchModel {
  return { start: stretch.start, end: stretch.end, days: pausedDays(stretch, now) };
}
