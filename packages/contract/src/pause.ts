import { TZDate } from '@date-fns/tz';
import { addMonths, format } from 'date-fns';
import { z } from 'zod';
import type { PausedStretch } from './period-days';
import { BUSINESS_TIME_ZONE } from './time';

// Pausing a monthly plan for the quiet months (docs/billing.md, "Pausing a plan"): the rules, paths,
// schemas and texts the API, the page and the console share.

/** Paths below /api/v1/account. */
export const PAUSE_PATHS = {
  /** GET: the pause under way or scheduled and what a new one may be; POST: schedule one. */
  root: '/pause/',
  /** POST: resume now (paid first), or withdraw a pause that has not started. */
  resume: '/pause/resume/',
} as const;

/** A pause lasts one to six months, and at most six months in any twelve are paused. */
export const PAUSE_MIN_MONTHS = 1;
export const PAUSE_MAX_MONTHS = 6;
export const PAUSE_WINDOW_MONTHS = 12;

const inNewYork = (at: Date) => new TZDate(at.getTime(), BUSINESS_TIME_ZONE);

/** `at` moved by whole months, the same New York day and time (a day the month lacks: its last). */
export const addPauseMonths = (at: Date, months: number): Date =>
  new Date(addMonths(inNewYork(at), months).getTime());

/** The New York calendar date of an instant, as YYYY-MM-DD. */
export const newYorkDate = (at: Date): string => format(inNewYork(at), 'yyyy-MM-dd');

/** The instant a pause that started at `startsAt` resumes on the New York date `date`: that day, at the start's time. */
export function resumeInstant(startsAt: Date, date: string): Date {
  const start = inNewYork(startsAt);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = new TZDate(
    y,
    m - 1,
    d,
    start.getHours(),
    start.getMinutes(),
    start.getSeconds(),
    BUSINESS_TIME_ZONE,
  );
  return new Date(at.getTime());
}

/** Whole months from `from` to `to`, a month begun counting as one (a pause of 10 days is a month). */
export function pausedMonths(from: Date, to: Date): number {
  if (to <= from) return 0;
  let months = 1;
  while (addPauseMonths(from, months) < to) months++;
  return months;
}

/**
 * The six-in-twelve rule: the months paused in the twelve months up to `resumeAt`, the new pause
 * included, each pause counting the months of it that fall in that window (a month begun counts).
 * Answers how many months the earlier pauses take there.
 */
export function monthsPausedBefore(earlier: readonly PausedStretch[], resumeAt: Date): number {
  const windowStart = addPauseMonths(resumeAt, -PAUSE_WINDOW_MONTHS);
  return earlier.reduce((sum, p) => {
    const from = p.start > windowStart ? p.start : windowStart;
    const to = p.end < resumeAt ? p.end : resumeAt;
    return sum + pausedMonths(from, to);
  }, 0);
}

/** The first and last resume dates a pause starting at `startsAt` may take (New York dates). */
export function resumeDateRange(startsAt: Date, monthsAllowed = PAUSE_MAX_MONTHS) {
  return {
    earliest: newYorkDate(addPauseMonths(startsAt, PAUSE_MIN_MONTHS)),
    latest: newYorkDate(addPauseMonths(startsAt, Math.max(monthsAllowed, PAUSE_MIN_MONTHS))),
  };
}

export const pauseRequestSchema = z
  .object({
    resume_on: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date written as YYYY-MM-DD.')
      .meta({
        description: 'The New York date the plan resumes on: one to six months after the pause starts',
      }),
  })
  .meta({ id: 'PauseRequest' });
export type PauseRequest = z.infer<typeof pauseRequestSchema>;

export const pauseStateSchema = z.enum(['scheduled', 'paused']);

/** The pause that is scheduled or under way, as every screen reads it (subscription info, the console). */
export const pauseInfoSchema = z
  .object({
    state: pauseStateSchema.meta({
      description: "'scheduled': the plan pauses at the current period's end; 'paused': no period runs",
    }),
    starts_at: z.string().meta({ description: 'ISO 8601: the end of the last period before the pause' }),
    resume_at: z
      .string()
      .meta({ description: 'ISO 8601: when the plan resumes and its next paid period starts' }),
    days: z.number().int().meta({ description: "the paused stretch's length in whole days" }),
    days_left: z
      .number()
      .int()
      .meta({ description: 'days to the resume, the day under way included (as a period counts)' }),
    rollover_credits_held: z.number().meta({
      description: 'rollover credits waiting for the resume, unaged; 0 until the last period closes',
    }),
    bonus_credits_held: z.number(),
    decline_message: z
      .string()
      .nullable()
      .meta({ description: "why the last resume's charge was declined; the plan stays paused" }),
  })
  .meta({ id: 'PauseInfo' });
export type PauseInfo = z.infer<typeof pauseInfoSchema>;

export const pauseResponseSchema = z
  .object({
    pause: pauseInfoSchema.nullable(),
    /** Null when a pause may be asked for; else why not, in the page's words. */
    refusal: z.string().nullable(),
    /** When a pause asked for now would start: the current period's end. */
    starts_at: z.string().nullable(),
    earliest_resume_on: z.string().nullable(),
    latest_resume_on: z.string().nullable(),
    /** The plan's monthly price in US dollars and its credits: what the pause saves each month. */
    monthly_price: z.number().nullable(),
    monthly_credits: z.number().nullable(),
  })
  .meta({ id: 'PauseResponse' });
export type PauseResponse = z.infer<typeof pauseResponseSchema>;

export const pauseMutationResponseSchema = pauseResponseSchema
  .extend({ message: z.string() })
  .meta({ id: 'PauseMutation' });
export type PauseMutationResponse = z.infer<typeof pauseMutationResponseSchema>;

/** Why authorize refuses a call while the plan is paused, in words the telephony side speaks. */
export const PAUSE_REFUSAL = 'plan paused' as const;

/** Days before the resume that the reminder is emailed. */
export const PAUSE_REMINDER_DAYS = 7;
