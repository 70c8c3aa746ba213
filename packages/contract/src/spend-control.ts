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
/** Users per page of the credit limits list on /users: on a phone, and wider. */
export const USER_LIMITS_PAGE = { phone: 5, wide: 10 } as const;

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
  /** MONEY-04: an annual plan stops at zero credits, so overage alerts and a cap cannot apply to it. */
  overageMonthlyOnly:
    'Overage alerts are for monthly plans: an annual plan stops at zero credits and has no overage.',
  capMonthlyOnly:
    'A spending cap is for monthly plans: an annual plan stops at zero credits and has no overage.',
  annualNoOverage:
    'Your annual plan stops at zero credits and has no overage, so there are no overage alerts or spending cap to set.',
  capReached: (value: number) =>
    `Your spending cap of ${dollars(value)} overage is reached: new calls are refused until the period ends or you raise the cap.`,
  raiseCap: 'Raise the cap',
  alreadyPassed: 'Already passed this period',
  sent: (date: string) => `Alert sent ${date}`,
  saved: 'Alerts and limits saved.',
  // The section keeps its changes until "Save alerts and limits" (like Users): each one says so.
  pendingAdd: 'New: added when you save',
  pendingRemove: 'Removed when you save',
  undoRemove: 'Undo',
  unsaved: (count: number) =>
    `${formatNumber(count)} unsaved change${count === 1 ? '' : 's'} to alerts and limits. Nothing changes until you save.`,
  changeAdd: (what: string) => `Add the alert at ${what}`,
  changeRemove: (what: string) => `Remove the alert at ${what}`,
  changeCap: (before: number | null, after: number | null) =>
    `Spending cap: ${before === null ? 'no cap' : `${dollars(before)} overage`} → ${after === null ? 'no cap' : `${dollars(after)} overage`}`,
  discard: 'Discard changes',
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
  /** The credit limits list is paged, so 25 users fit a phone (5 a page) and a laptop (10 a page). */
  limitsShown: (from: number, to: number, total: number) =>
    `${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(total)} users`,
} as const;

/** The anchor of the section on /subscription, where the cap's banner leads. */
export const SPEND_SECTION_ID = 'alerts-and-limits';
