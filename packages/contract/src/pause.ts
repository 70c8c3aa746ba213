import { TZDate } from '@date-fns/tz';
import { addMonths, format } from 'date-fns';
import { z } from 'zod';
import { formatDate } from './format';
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

export const PAUSE_TEXT = {
  sectionTitle: 'Pause your plan',
  intro:
    'Quiet months? Pause your plan: from the end of this period nothing is charged and no credits are added. Your users, PINs, lines, settings and rollover credits stay as they are, and calls are refused until the plan resumes.',
  annual: 'Annual plans cannot be paused. Only monthly plans can pause.',
  annualRefusal: 'An annual plan cannot be paused; only monthly plans can.',
  notActive: 'Only an active plan can be paused.',
  cancelling: 'Your subscription is cancelled. Keep your plan first to pause it instead.',
  changing: 'A plan change is scheduled. Keep your current plan first to pause it.',
  alreadyPaused: 'Your plan already has a pause.',
  resumeLabel: 'Resume on',
  pauseButton: 'Pause plan',
  resumeNow: 'Resume now',
  keepRunning: "Don't pause",
  paused: 'Plan paused.',
  withdrawn: 'Your plan will not pause.',
  resumed: 'Your plan has resumed.',
  notPaused: 'Your plan is not paused.',
  stillClosing: 'Your last period is still closing. Try again in an hour.',
  dateRange: (earliest: string, latest: string) =>
    `Choose a date from ${formatDate(`${earliest}T12:00:00Z`)} to ${formatDate(`${latest}T12:00:00Z`)}.`,
  tooLong: (earliest: string, latest: string) =>
    `A pause lasts one to six months. Choose a date from ${formatDate(`${earliest}T12:00:00Z`)} to ${formatDate(`${latest}T12:00:00Z`)}.`,
  sixInTwelve: (already: number, left: number) =>
    `A plan can be paused for at most six months in any twelve. ${already} ${already === 1 ? 'month is' : 'months are'} already paused in the twelve months before that date, so this pause can last at most ${left} ${left === 1 ? 'month' : 'months'}.`,
  saves: (price: string, credits: string) =>
    `Each paused month saves ${price}; no ${credits} credits are added.`,
  scheduled: (startsAt: string, resumeAt: string) =>
    `Your plan pauses on ${formatDate(startsAt)} and resumes on ${formatDate(resumeAt)}.`,
  banner: (resumeAt: string) =>
    `Your plan is paused until ${formatDate(resumeAt)}. Calls are refused, and nothing is charged, until it resumes.`,
  summary: (resumeAt: string, held: string) =>
    `No period runs until the plan resumes on ${formatDate(resumeAt)}. ${held} rollover and bonus credits are kept for then.`,
  declined: (message: string) =>
    `Your plan is still paused: the charge to resume it was declined. ${message}`,
} as const;

/** Why authorize refuses a call while the plan is paused, in words the telephony side speaks. */
export const PAUSE_REFUSAL = 'plan paused' as const;

/** Days before the resume that the reminder is emailed. */
export const PAUSE_REMINDER_DAYS = 7;

/** The reminder emailed seven days before a paused plan resumes. */
export const PAUSE_EMAIL = {
  subject: (resumeAt: string) => `Your enQ plan resumes on ${formatDate(resumeAt)}`,
  body: (name: string, plan: string, resumeAt: string, price: string, portalUrl: string) =>
    [
      `Hello ${name},`,
      '',
      `Your ${plan} plan is paused and resumes on ${formatDate(resumeAt)}. That day a new monthly period starts: ${price} is charged to your card on file, and your users' calls are allowed again with the plan's credits and the rollover credits you kept.`,
      '',
      `To resume sooner, use Resume now on your overview: ${portalUrl}/`,
      '',
      '— enQ',
    ].join('\n'),
} as const;
