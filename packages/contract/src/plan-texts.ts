import { formatCredits, formatCreditsFixed, formatLongDay, formatMoney } from './format';
import { newYorkOffset } from './format-en-us';

// The paths and texts of the forecast, the plan advisor and Upgrade now (PLAN-01..12), without zod: the
// overview's forecast card imports them, and the landing page's first load carries no schema library.

export const PLAN_PATHS = {
  /** The forecast of the current period and the plan advisor. */
  forecast: '/subscription/forecast/',
  /** GET ?plan= : Upgrade now's figures. */
  upgradePreview: '/subscription/upgrade-preview/',
  /** POST { plan, total_cents }: upgrades now, charging the previewed total. */
  upgrade: '/subscription/upgrade/',
} as const;

/** A New York business day ('2026-06-26') as "June 26, 2026". */
export const businessDayText = (date: string): string => formatLongDay(new Date(`${date}T12:00:00Z`));
const periods = (n: number) => `${n} period${n === 1 ? '' : 's'}`;
/** An instant's New York date in words, e.g. "January 20, 2027" (its wall clock read as UTC). */
export const businessInstantText = (at: Date | string): string => {
  const ms = new Date(at).getTime();
  return formatLongDay(new Date(ms + (newYorkOffset(ms) ?? -5) * 3_600_000));
};

/** A plan's price from one instant on: the catalogue's version then (CAT-02). Dollars and credits. */
export interface PriceStep {
  from: string;
  price: number;
  credits: number;
}

export const PLAN_TEXT = {
  forecastTitle: 'Forecast for this period',
  noPeriod: 'The forecast starts with your plan.',
  // "Credits": the plan, rollover and bonus credits together, which the hint below names one by one.
  runsOut: (date: string) => `At this pace your credits run out on ${businessDayText(date)}.`,
  ranOut: (date: string) => `Your credits ran out on ${businessDayText(date)}.`,
  lasts: 'At this pace your credits last until the period ends.',
  /**
   * What the projection is set against, each kind of credit named as the summary names it: 'of 48,000.00
   * plan credits', 'of 50,000.00 credits: 48,000.00 plan and 2,000.00 bonus'.
   */
  availableCredits: (c: { available: number; plan: number; rollover: number; bonus: number }) => {
    const parts = [
      [c.plan, 'plan'],
      [c.rollover, 'rollover'],
      [c.bonus, 'bonus'],
    ] as const;
    const named = parts
      .filter(([n], i) => i === 0 || n > 0)
      .map(([n, kind]) => `${formatCreditsFixed(n)} ${kind}`);
    if (named.length === 1) return `of ${formatCreditsFixed(c.available)} plan credits`;
    const list = `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
    return `of ${formatCreditsFixed(c.available)} credits: ${list}`;
  },
  capLabel: 'Spending cap',
  /** The saved cap on the overview's summary (SPEND-07): on a monthly plan's overage this period. */
  capHint: 'on overage this period',
  /** A saved cap with no plan under way: it waits for a monthly plan. */
  capSaved: (cap: number) =>
    `Your spending cap of ${formatMoney(cap)} is saved; it holds a monthly plan's overage once a plan starts.`,
  projectedOverage: (amount: number) => `Projected overage at period end: ${formatMoney(amount)}.`,
  /** The saved spending cap, beside the projected overage it holds back (SPEND-07). */
  cappedAt: (cap: number) => `at period end, capped at ${formatMoney(cap)} by your spending cap`,
  capReachedFirst: (cap: number, projected: number) =>
    `At this pace overage would reach ${formatMoney(projected)}: your spending cap of ${formatMoney(cap)} refuses new calls once it is reached, before the period ends.`,
  projectedUse: (used: number, available: number) =>
    `${formatCredits(used)} of ${formatCredits(available)} credits projected to be used.`,
  advisorTitle: 'Plan advisor',
  cheapest: (name: string, cost: number, compared: number) =>
    compared === 0
      ? `No period has closed yet: from this period's forecast, the ${name} plan would cost least (${formatMoney(cost)}).`
      : `Over the last ${periods(compared)}, the ${name} plan would have cost least: ${formatMoney(cost)} a month on average, price and overage included.`,
  fewerPeriods: (compared: number) =>
    `Only ${periods(compared)} of history so far; the advisor compares up to 3.`,
  upgradeSaves: (name: string, saves: number) =>
    `Upgrading to ${name} now would save about ${formatMoney(saves)} this period.`,
  noSaving: 'Upgrading now would not save money this period.',
  /** Without a saving, Upgrade now is not offered: a change at the period's end stays open (PLAN-05). */
  noUpgradeOffered: 'To change plan from the next period, choose one under Available plans.',
  /** Upgrade now's preview: how its figures were worked out (PLAN-06). */
  prorationNote: (daysLeft: number, days: number) =>
    `Each plan's price and credits are prorated by the days left: × ${daysLeft} / ${days}. Each amount is rounded to the nearest cent and each credit figure to the nearest hundredth of a credit, halves up.`,
  /**
   * What the new plan costs from the period's end, with the catalogue's scheduled prices: `steps[0]` is
   * the version in force then, each later one from its own date (each period takes the price in force
   * when it starts).
   */
  renewalPrice: (fromText: string, per: 'month' | 'year', steps: readonly PriceStep[]) => {
    const [first, ...later] = steps;
    const money = later.map((s) => ` until ${businessInstantText(s.from)}, then ${formatMoney(s.price)}`);
    const credits = later.every((s) => s.credits === first!.credits)
      ? formatCredits(first!.credits)
      : [first!, ...later].map((s) => formatCredits(s.credits)).join(', then ');
    return `From ${fromText} you will be charged ${formatMoney(first!.price)} per ${per}${money.join('')}, for ${credits} credits.`;
  },
  /** The overview: a price change the catalogue scheduled for the customer's own plan (CAT-02). */
  priceChange: (plan: string, per: 'month' | 'year', now: PriceStep, next: PriceStep) =>
    `From ${businessInstantText(next.from)} the ${plan} plan costs ${formatMoney(next.price)} per ${per}${next.credits === now.credits ? '' : ` for ${formatCredits(next.credits)} credits`} (now ${formatMoney(now.price)}): each period that starts from then on is charged the new price.`,
  upgradeNow: 'Upgrade now',
  confirmUpgrade: 'Confirm upgrade',
  upgraded: 'Plan upgraded.',
  priceChanged: 'The price of this upgrade has changed. Review the new figures and confirm again.',
  /**
   * An upgrade whose payment was confirmed only after its period had closed (PLAN-13): nothing is
   * upgraded and the payment is refunded by enQ billing. The reason is the refund's, in its audit entry
   * and the customer's email.
   */
  lateUpgradeReason:
    'The payment for this Upgrade now was confirmed only after the billing period it was for had ended, so the plan was not upgraded. The payment is refunded in full.',
  lateUpgradeRefunded: (creditNote: string) =>
    `The billing period this upgrade was for has ended, so your plan was not upgraded. The payment is refunded in full: credit note ${creditNote}.`,
  lateUpgradeRefunding:
    'The billing period this upgrade was for has ended, so your plan was not upgraded. The payment is being refunded in full; we will email you the credit note.',
} as const;
