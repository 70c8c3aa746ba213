import { z } from 'zod';
import { callRangeFields, startNotAfterEnd } from './call-history';

// Usage charts (USAGE-01..): credits per day of a range against the range before it, stacked by user or
// by line, and the top users and lines with their share. The range and its filters are Call History's
// (callRangeFields), so a chart answers for exactly the calls its list and CSV hold.

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
    `${day}: ${credits} credits (${previousLabel.toLowerCase()}: ${previous})`,
  /** The chart's text alternative: '200.00 credits used over 3 days, against 125.25 in the previous range.' */
  summary: (credits: string, previous: string, days: number, previousLabel: string) =>
    `${credits} credits used over ${days} ${days === 1 ? 'day' : 'days'}, against ${previous} in the ${previousLabel.toLowerCase()}.`,
} as const;

export const usageQuerySchema = startNotAfterEnd(
  z.object({
    ...callRangeFields,
    by: z
      .enum(['user', 'line'])
      .default('user')
      .meta({ description: 'stack the days by user or by line (destination)' }),
  }),
);
export type UsageQuery = z.input<typeof usageQuerySchema>;

const rankedSchema = z.object({
  name: z.string().meta({ description: `a user's or line's name, or "${USAGE_OTHERS}"` }),
  credits: z.number().meta({ description: 'credits' }),
  share: z.number().meta({
    description: 'percent of the range total, one decimal; the list adds up to 100 (largest remainder)',
  }),
});
export type UsageRanked = z.infer<typeof rankedSchema>;

export const usageResponseSchema = z
  .object({
    by: z.enum(['user', 'line']),
    previous: z.object({
      from: z.number().int().meta({ description: 'unix seconds, inclusive' }),
      to: z.number().int().meta({ description: 'unix seconds, inclusive' }),
    }),
    series: z.array(z.string()).meta({ description: 'the names each day is stacked by, largest first' }),
    days: z.array(
      z.object({
        date: z.string().meta({ description: 'yyyy-MM-dd in New York' }),
        credits: z.number(),
        previous_date: z.string().meta({ description: 'the same day of the previous range' }),
        previous_credits: z.number(),
        stacks: z.array(z.number()).meta({ description: 'credits per name of `series`, in its order' }),
      }),
    ),
    total_credits: z.number(),
    previous_total_credits: z.number(),
    top_users: z.array(rankedSchema),
    top_lines: z.array(rankedSchema),
  })
  .meta({ id: 'CallUsage' });
export type UsageResponse = z.infer<typeof usageResponseSchema>;

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
