// The usage charts' texts and pure rules (USAGE), apart from their schemas so that the overview's chunk
// does not carry zod (a module's schemas all come along with any one of its exports).

/** The stacks and the ranked lists name this many users or lines; the rest add up under USAGE_OTHERS. */
export const USAGE_TOP_COUNT = 5;
/** The overview's card lists this many. */
export const USAGE_OVERVIEW_TOP = 3;
/** A chart has a bar per day; longer ranges are refused (the message names timestampTo). */
export const USAGE_MAX_DAYS = 400;
export const USAGE_OTHERS = 'Others';

export const USAGE_GROUPS = [
  { id: 'user', label: 'By user' },
  { id: 'line', label: 'By line' },
] as const;
export type UsageGroup = (typeof USAGE_GROUPS)[number]['id'];

const dayCount = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export const USAGE_TEXT = {
  title: 'Usage',
  overviewTitle: 'Daily usage this period',
  thisRange: 'This range',
  previousRange: 'Previous range',
  thisPeriod: 'This period',
  previousPeriod: 'Previous period',
  topUsers: 'Top users',
  topLines: 'Top lines',
  groupLabel: 'Stack the chart',
  seeCallHistory: 'See Call History',
  empty: 'No credits used in this range.',
  emptyPeriod: 'No credits used yet this period.',
  tooLong: `Usage charts cover at most ${USAGE_MAX_DAYS} days.`,
  tableCaption: 'Credits used per day',
  dayAlternative: (day: string, credits: string, previousLabel: string, previous: string) =>
    `${day}: ${credits} credits (${previousLabel.toLowerCase()}: ${previous} credits)`,
  /**
   * The chart's caption, its days counted as every screen counts a period's (periodDays). A range still
   * under way says so beside the whole previous one: '200.00 credits used over 3 days, against 125.25
   * credits in the previous range (3 days).', '17,797.00 credits used this period so far, with 11 of its
   * 30 days left, against 55,495.00 credits in the whole previous period (31 days).'
   */
  summary: (f: {
    credits: string;
    previous: string;
    days: number;
    daysLeft: number;
    previousDays: number;
    currentLabel: string;
    previousLabel: string;
  }) =>
    f.daysLeft > 0
      ? `${f.credits} credits used ${f.currentLabel.toLowerCase()} so far, with ${f.daysLeft} of its ${dayCount(f.days)} left, ` +
        `against ${f.previous} credits in the whole ${f.previousLabel.toLowerCase()} (${dayCount(f.previousDays)}).`
      : `${f.credits} credits used over ${dayCount(f.days)}, against ${f.previous} credits in the ${f.previousLabel.toLowerCase()} (${dayCount(f.previousDays)}).`,
  /** A ranked row's figures, each with its unit: '2,902.05 credits · 16.3%'. */
  rankedFigures: (credits: string, share: string) => `${credits} credits · ${share}`,
} as const;

/**
 * Percent shares in tenths that add up to exactly 1000 (100.0 %): each amount's floor, then the
 * tenths left over go to the largest remainders (ties to the earlier amount). All zero gives zeros.
 */
export function sharesInTenths(amounts: readonly number[]): number[] {
  const total = amounts.reduce((a, b) => a + b, 0);
  if (total <= 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => (a * 1000) / total);
  const shares = exact.map(Math.floor);
  let left = 1000 - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** A share as the ranked list shows it: '42.5%'. */
export const formatShare = (share: number): string => `${share.toFixed(1)}%`;
