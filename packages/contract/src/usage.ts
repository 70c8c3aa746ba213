import { z } from 'zod';
import { callRangeFields, startNotAfterEnd } from './call-history-schemas';
import { USAGE_OTHERS } from './usage-rules';

// Usage charts (USAGE-01..): credits per day of a range against the range before it, stacked by user or
// by line, and the top users and lines with their share. The range and its filters are Call History's
// (callRangeFields), so a chart answers for exactly the calls its list and CSV hold.

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
      period: z.boolean().meta({ description: 'the previous billing period (the range starts a period)' }),
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
    range_days: z.number().int().meta({
      description:
        'the range\'s length in whole days, counted as a billing period\'s (docs/billing.md, "The days of a period")',
    }),
    days_left: z.number().int().meta({
      description:
        'days of the range still to come, the day under way included; above 0: the range is partial',
    }),
    previous_days: z.number().int().meta({ description: "the previous range's length in whole days" }),
    top_users: z.array(rankedSchema),
    top_lines: z.array(rankedSchema),
  })
  .meta({ id: 'CallUsage' });
export type UsageResponse = z.infer<typeof usageResponseSchema>;
