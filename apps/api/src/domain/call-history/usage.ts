import { TZDate } from '@date-fns/tz';
import {
  BUSINESS_TIME_ZONE,
  ccToCredits,
  rangeDays,
  sharesInTenths,
  USAGE_MAX_DAYS,
  USAGE_OTHERS,
  USAGE_TEXT,
  USAGE_TOP_COUNT,
  type UsageGroup,
  type UsageRanked,
  type UsageResponse,
} from '@enq/contract';
import { addDays, differenceInCalendarDays, format, subDays } from 'date-fns';
import type { Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import type { CallRange } from './calls-range-repository';
import { dailyUsage, periodBefore, rangeUsage } from './usage-repository';

// The usage charts (USAGE): a Call History range's credits per New York day against the range before
// it, aligned by day of range, stacked by user or line, with the top users and lines.

const local = (unix: number) => new TZDate(unix * 1000, BUSINESS_TIME_ZONE);
const ymd = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The range compared with `from..to`: the billing period before, when the range starts a period
 * (USAGE-02); else as many New York days just before it as the range has (rangeDays), starting at the
 * same time of day.
 */
async function previousRange(q: Transactional, r: CallRange, days: number) {
  const period = await periodBefore(q, r.accountId, r.from);
  if (period) return { ...period, period: true };
  return { from: Math.floor(subDays(local(r.from), days).getTime() / 1000), to: r.from - 1, period: false };
}

/** The top names, then the rest as one "Others" row, each with its share (USAGE-04). */
export function ranked(totals: { name: string; cc: number }[]): UsageRanked[] {
  const sorted = [...totals].sort((a, b) => b.cc - a.cc || a.name.localeCompare(b.name));
  const top = sorted.slice(0, USAGE_TOP_COUNT);
  const rest = sorted.slice(USAGE_TOP_COUNT).reduce((sum, t) => sum + t.cc, 0);
  const rows = rest > 0 ? [...top, { name: USAGE_OTHERS, cc: rest }] : top;
  const shares = sharesInTenths(rows.map((r) => r.cc));
  return rows.map((r, i) => ({ name: r.name, credits: ccToCredits(r.cc), share: shares[i]! / 10 }));
}

/**
 * The charts' answer for a range of the account's calls and its filters at `now`: a bar per New York day
 * it touches, and its days and the previous range's counted as a period's (rangeDays), so the overview's
 * period says the same number of days as the summary and the forecast.
 */
export async function callUsage(
  q: Transactional,
  r: CallRange,
  by: UsageGroup,
  now: Date,
): Promise<UsageResponse> {
  const first = local(r.from);
  const days = differenceInCalendarDays(local(r.to), first) + 1;
  if (days > USAGE_MAX_DAYS) throw new DomainError('invalid', USAGE_TEXT.tooLong, 'timestampTo');
  // The range's days as a period's are counted: a period's 30 days (31 New York dates from 10:00 to 10:00)
  // are compared with the 30 days before it when there is no previous period, like with like.
  const span = rangeDays(r.from, r.to, now);
  const previous = await previousRange(q, r, span.days);
  const previousFirst = local(previous.from);
  const [usage, before] = await Promise.all([
    rangeUsage(q, r, by, ymd(first), BUSINESS_TIME_ZONE),
    dailyUsage(q, { ...r, from: previous.from, to: previous.to }, ymd(previousFirst), BUSINESS_TIME_ZONE),
  ]);

  const keyTotals = by === 'user' ? usage.byUser : usage.byLine;
  const series = ranked(keyTotals).map((row) => row.name);
  const slot = new Map(series.map((name, i) => [name, i]));
  const others = slot.get(USAGE_OTHERS);
  const stacks = Array.from({ length: days }, () => series.map(() => 0));
  for (const { day, name, cc } of usage.byDayAndKey) {
    const row = stacks[day]!;
    row[slot.get(name) ?? others!]! += cc;
  }
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    by,
    previous,
    series,
    days: stacks.map((row, day) => ({
      date: ymd(addDays(first, day)),
      credits: ccToCredits(sum(row)),
      previous_date: ymd(addDays(previousFirst, day)),
      previous_credits: ccToCredits(before.get(day) ?? 0),
      stacks: row.map(ccToCredits),
    })),
    total_credits: ccToCredits(sum(usage.byUser.map((u) => u.cc))),
    previous_total_credits: ccToCredits(sum([...before.values()])),
    range_days: span.days,
    days_left: span.left,
    previous_days: rangeDays(previous.from, previous.to, now).days,
    top_users: ranked(usage.byUser),
    top_lines: ranked(usage.byLine),
  };
}
