import type { CommonNotification } from './overview';

// The overview's texts and pure rules, apart from its schemas so that the page's landing chunk does not
// carry zod (a module's schemas all come along with any one of its exports).

/** The key that dismisses the sub-account notice; any other key is a notification id. */
export const SUB_ACCOUNT_NOTICE_KEY = 'sub_account';

export const OVERVIEW_PATHS = {
  root: '/',
  dismiss: (key: string) => `/notifications/${encodeURIComponent(key)}/dismiss`,
} as const;

export const OVERVIEW_TEXT = {
  subAccountTitle: 'Give each teammate their own PIN',
  subAccountText: (planName: string) =>
    `Your ${planName} plan includes unlimited sub-account users at no extra cost. Each person calls with ` +
    'their own PIN while the account shares one pool of credits.',
  subAccountLinkText: 'Add users',
  notDismissible: 'This notice cannot be dismissed.',
  noSuchNotice: 'No such notice.',
  howToTitle: 'New here? Start with the how-to guide',
  howToText:
    'Download the PDF with every line, your PIN and step-by-step calling instructions, and share the ' +
    'contact cards with your team.',
  howToLinkText: 'Open PDF and contact cards',
} as const;

/** OVW-03: the how-to PDF panel shows while days_in_period is below this. */
export const HOW_TO_PANEL_DAYS = 7;

export function showHowToPanel(daysInPeriod: number): boolean {
  return daysInPeriod < HOW_TO_PANEL_DAYS;
}

/** OVW-06: priority first (highest first), then newest first. Returns a new array. */
export function orderNotifications<T extends Pick<CommonNotification, 'priority' | 'created_at'>>(
  notifications: readonly T[],
): T[] {
  return [...notifications].sort(
    (a, b) => b.priority - a.priority || Date.parse(b.created_at) - Date.parse(a.created_at),
  );
}

/**
 * A notification's link when it is safe to put in an href: an absolute http(s) URL, or a same-site path
 * that starts with exactly one '/'. Anything else (javascript:, data:, protocol-relative '//host',
 * backslashes that browsers read as slashes, whitespace or control characters) gives null: no link.
 */
export function safeNotificationLink(link: string | null | undefined): string | null {
  if (!link) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\s\u0000-\u001f\u007f\\]/.test(link)) return null;
  if (link.startsWith('/')) return link.startsWith('//') ? null : link;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? link : null;
}
