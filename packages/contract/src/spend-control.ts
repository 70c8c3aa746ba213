import { formatNumber } from './format';

/**
 * Spend alerts, the spending cap and per-user monthly limits (docs/requirements.md, SPEND); their paths
 * are in paths.ts, apart from zod, because the overview's banners ask them in its first chunk, and its
 * schemas in spend-control-schemas.ts, for the same reason.
 */

/** What the authorize answer says when the cap or a user's limit refuses a call. */
export const SPEND_REFUSALS = { cap: 'spending cap reached', userLimit: 'user limit reached' } as const;

/** The 80% and 100% alerts every account starts with (SPEND-01). */
export const DEFAULT_PERCENT_THRESHOLDS = [80, 100] as const;
export const SPEND_LIMITS = { maxThresholds: 10, maxPercent: 1000, maxDollars: 1_000_000 } as const;

const dollars = (value: number) => `$${formatNumber(value)}`;

export const SPEND_TEXT = {
  sectionTitle: 'Alerts and limits',
  percentAlert: (percent: number) => `You have used ${percent}% of this period's plan credits.`,
  overageAlert: (value: number) => `Your overage this period has reached ${dollars(value)}.`,
  forecastAlert: (value: number) =>
    `At this pace, overage this period is projected to pass ${dollars(value)}.`,
  forecastLabel: 'Projected overage at period end',
  forecastHint:
    "Warns when this period's pace of calls projects overage at the period's end above the amount, as the overview's forecast shows it.",
  forecastMonthlyOnly: 'Forecast alerts are for monthly plans: an annual plan has no overage.',
  capReached: (value: number) =>
    `Your spending cap of ${dollars(value)} overage is reached: new calls are refused until the period ends or you raise the cap.`,
  raiseCap: 'Raise the cap',
  alreadyPassed: 'Already passed this period',
  sent: (date: string) => `Alert sent ${date}`,
  saved: 'Alerts and limits saved.',
  limitSaved: 'Limit saved.',
  adminOnly: 'Only the account admin can change alerts and limits.',
  notYourUser: 'There is no such user on this account.',
  noSuchAlert: 'There is no such alert this period.',
  adminHasNoLimit: 'The admin has no monthly limit.',
  alertSubject: (what: string) => `enQ alert: ${what}`,
  capSubject: 'enQ: your spending cap is reached',
  userLimitReached: (name: string, limit: number) =>
    `${name} has reached their monthly limit of ${formatNumber(limit)} credits: calls from their PIN are refused until the period ends or you raise the limit.`,
  userLimitSubject: (name: string) => `enQ: ${name} reached their monthly credit limit`,
  changeLimit: 'Change the limit',
} as const;

/** The anchor of the section on /subscription, where the cap's banner leads. */
export const SPEND_SECTION_ID = 'alerts-and-limits';
