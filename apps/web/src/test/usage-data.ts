import type { UsageGroup, UsageResponse } from '@enq/contract';

/**
 * What the usage endpoint answers in page tests: three days, stacked by two users or two lines, with
 * the previous range's same days.
 */
export function usageAnswer(by: UsageGroup = 'user'): UsageResponse {
  const series = by === 'user' ? ['Dana Whitfield', 'Omar Haddad'] : ['IRS PPS', 'IRS e-Services'];
  return {
    by,
    previous: { from: 1_770_829_200, to: 1_773_507_599, period: false },
    series,
    days: [
      {
        date: '2026-03-14',
        credits: 120.5,
        previous_date: '2026-02-11',
        previous_credits: 80,
        stacks: [100, 20.5],
      },
      {
        date: '2026-03-15',
        credits: 0,
        previous_date: '2026-02-12',
        previous_credits: 45.25,
        stacks: [0, 0],
      },
      {
        date: '2026-03-16',
        credits: 79.5,
        previous_date: '2026-02-13',
        previous_credits: 0,
        stacks: [40, 39.5],
      },
    ],
    total_credits: 200,
    previous_total_credits: 125.25,
    range_days: 3,
    days_left: 0,
    previous_days: 3,
    top_users: [
      { name: 'Dana Whitfield', credits: 140, share: 70 },
      { name: 'Omar Haddad', credits: 60, share: 30 },
    ],
    top_lines: [
      { name: 'IRS PPS', credits: 150.5, share: 75.3 },
      { name: 'IRS e-Services', credits: 49.5, share: 24.7 },
    ],
  };
}
