import type { ActivityChange } from './activity-schemas';
import { STAFF_ACTIONS } from './admin/staff';

// The Users screen's Activity view (ACT-01..) and the monthly usage report's setting (REPORT-01..).

/** Paths below /api/v1/account (the route folder is account/activity/). */
export const ACTIVITY_PATHS = {
  list: '/activity/',
  csv: '/activity/csv/',
} as const;

export const ACTIVITY_PAGE_SIZE = 25;
export const ACTIVITY_CSV_FILENAME = 'account-activity.csv';
/** The CSV's columns, in order; one row per change, as the list shows it. */
export const ACTIVITY_CSV_COLUMNS = ['When (EST)', 'Who', 'What', 'About', 'Before', 'After'] as const;
/** An export holds at most this many changes, newest first. */
export const ACTIVITY_CSV_MAX_ROWS = 50_000;

/** What a change is about: the kind filter. Each kind is the first part of its actions' names. */
export const ACTIVITY_KINDS = {
  users: { label: 'Users and PINs', prefixes: ['user', 'admin'] },
  profile: { label: 'Profile and email', prefixes: ['profile', 'monthly_report'] },
  billing: { label: 'Billing address and card', prefixes: ['billing'] },
  subscription: { label: 'Subscription', prefixes: ['subscription', 'system'] },
  spending: { label: 'Spend alerts and limits', prefixes: ['spend_alerts', 'spending_cap', 'user_limit'] },
  staff: { label: 'Changes by enQ support', prefixes: ['staff'] },
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_IDS = Object.keys(ACTIVITY_KINDS) as [ActivityKind, ...ActivityKind[]];

/** Each action in plain words; one not listed reads as its name with spaces. */
export const ACTIVITY_ACTIONS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(STAFF_ACTIONS).map(([id, label]) => [`staff.${id}`, label])),
  'user.added': 'Added a user',
  'user.updated': 'Edited a user',
  'user.removed': 'Deleted a user',
  'user.pin_changed': "Changed a user's PIN",
  'user.pin_emailed': 'Emailed a user their PIN',
  'admin.updated': 'Edited the admin user',
  'admin.pin_changed': "Changed the admin's PIN",
  'profile.update': 'Updated the profile',
  'profile.email_change': 'Changed the sign-in email',
  'profile.two_factor_on': 'Turned on two-factor sign-in',
  'profile.two_factor_off': 'Turned off two-factor sign-in',
  'profile.two_factor_codes': 'Made new recovery codes',
  'monthly_report.update': 'Changed the monthly usage report',
  'billing.address_update': 'Changed the addresses',
  'billing.card_change': 'Changed the card on file',
  'subscription.start': 'Started the subscription',
  'subscription.renew': 'Renewed the subscription',
  'subscription.cancel': 'Cancelled the subscription',
  'subscription.change_scheduled': 'Scheduled a plan change',
  'subscription.change_undone': 'Undid the scheduled plan change',
  'subscription.cancel_undone': 'Withdrew the cancellation',
  'subscription.upgrade_now': 'Upgraded the plan now',
  // Pausing a monthly plan (docs/billing.md, "Pausing a plan").
  'pause.scheduled': 'Scheduled a pause of the plan',
  'pause.withdrawn': 'Withdrew the scheduled pause',
  'pause.resumed': 'Resumed the paused plan',
  // The billing system's own console-path actions (SYSTEM_ACTOR, PLAN-13): a late upgrade's refund.
  'system.refund': 'Refunded a payment',
  'spend_alerts.update': 'Changed the spend alerts',
  'spending_cap.update': 'Changed the spending cap',
  'user_limit.update': "Changed a user's spending limit",
};

/** The plain words of a field a change names; nested fields join their labels ('Billing address: City'). */
export const ACTIVITY_FIELDS: Record<string, string> = {
  full_name: 'Full name',
  email: 'Email',
  pin_number: 'PIN',
  hold_music: 'Hold music',
  first_name: 'First name',
  last_name: 'Last name',
  company: 'Company',
  billing_cc_email: 'Billing CC email',
  phone_number: 'Phone number',
  service_address: 'Service address',
  billing_address: 'Billing address',
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'Town or city',
  state: 'State',
  postal_code: 'Postal code',
  country: 'Country',
  card: 'Card',
  plan: 'Plan',
  status: 'Status',
  ends_with_period: 'Ends with this period',
  scheduled_plan: 'Scheduled plan',
  enabled: 'Monthly usage report',
};

export const ACTIVITY_TEXT = {
  tab: 'Activity',
  /** Who made a change the operator console made on the customer's behalf. */
  staff: 'enQ support',
  usersTab: 'Users',
  title: 'Account activity',
  intro: 'Every change to users, the profile, billing and the subscription, newest first.',
  person: 'Person',
  kind: 'Kind',
  everyone: 'Everyone',
  allKinds: 'All kinds',
  download: 'Download CSV',
  empty: 'No activity matches these filters.',
  columns: { when: 'When (EST)', who: 'Who', what: 'What', changes: 'Before and after' },
  removedPerson: 'A removed user',
  system: 'enQ',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number, total: number) =>
    `Page ${page} of ${pages} · ${total} ${total === 1 ? 'change' : 'changes'}`,
  none: '—',
  loadFailed: 'The activity could not be loaded. Please try again.',
} as const;

/** Which kind an action is, by the first part of its name; null for one no kind claims. */
export function activityKindOf(action: string): ActivityKind | null {
  const prefix = action.split('.')[0]!;
  for (const id of ACTIVITY_KIND_IDS)
    if ((ACTIVITY_KINDS[id].prefixes as readonly string[]).includes(prefix)) return id;
  return null;
}

/** An action in plain words. */
export function activityWhat(action: string): string {
  const known = ACTIVITY_ACTIONS[action];
  if (known) return known;
  const words = action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's plain words ('billing_address.city' is 'Billing address: Town or city'). */
export function activityFieldLabel(path: string): string {
  return path
    .split('.')
    .map((part) => ACTIVITY_FIELDS[part] ?? part.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()))
    .join(': ');
}

/** 'Field: before' or 'Field: after' parts of a change list, as the CSV's Before and After cells. */
export function activitySide(changes: ActivityChange[], side: 'before' | 'after'): string {
  return changes.map((c) => `${c.field}: ${c[side]}`).join('; ');
}

// ---------------------------------------------------------------- the monthly report (REPORT)

export const MONTHLY_REPORT_PATH = '/profile/monthly-report/';

export const MONTHLY_REPORT_TEXT = {
  label: 'Email a monthly usage report',
  hint: (to: string) =>
    `At each period close: the period's call history (CSV) and a one-page usage summary (PDF), sent to ${to}.`,
  saved: 'Monthly report setting saved.',
  adminOnly: 'Only the account admin can change the monthly report.',
  subject: (period: string) => `Your enQ usage report: ${period}`,
  pdfFilename: (end: string) => `usage-summary-${end}.pdf`,
  csvFilename: (end: string) => `call-history-${end}.csv`,
} as const;

export const ACTIVITY_ERRORS = {
  adminOnly: 'Only the account admin can see the account activity.',
} as const;
