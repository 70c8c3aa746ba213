import { SUB_ACCOUNT_NOTICE_KEY } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { saveDismissal } from './notification-dismissals-repository';
import { noticeDismissible, type BasicsRow, type NoticeRow } from './notifications-repository';

export interface OverviewBasics {
  pin: string | null;
  /** The account's plan (whatever the subscription's status), or null without a subscription. */
  plan: { name: string; multiUser: boolean } | null;
  /** The account has sub-account users (people other than its admin). */
  hasSubUsers: boolean;
  subAccountDismissed: boolean;
  /** The notices this person sees now, not yet ordered. */
  notices: NoticeRow[];
}

/** The basics at `now` from a row of BASICS_SQL read at or before it (inside the overview's one statement). */
export function overviewBasicsFrom(row: BasicsRow, now: Date): OverviewBasics {
  const dismissed = new Set(row.dismissed ?? []);
  return {
    pin: row.pin,
    plan: row.plan_name ? { name: row.plan_name, multiUser: row.multi_user === true } : null,
    hasSubUsers: row.has_sub_users === true,
    subAccountDismissed: dismissed.has(SUB_ACCOUNT_NOTICE_KEY),
    // A notice that is not dismissible always shows, even if it was dismissible once and dismissed then.
    notices: (row.notices ?? []).filter(
      (n) =>
        new Date(n.starts_at) <= now &&
        (n.ends_at === null || new Date(n.ends_at) > now) &&
        !(n.dismissible && dismissed.has(n.id)),
    ),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type DismissOutcome = 'dismissed' | 'not_found' | 'not_dismissible';

/**
 * Remembers that a person dismissed a notice (idempotent). The key is 'sub_account' or the id of a
 * notification that is global or the person's account's own; any other account's is not found.
 */
export async function dismissNotice(
  q: Transactional,
  accountId: string,
  personId: string,
  key: string,
  now: Date,
): Promise<DismissOutcome> {
  if (key !== SUB_ACCOUNT_NOTICE_KEY) {
    // A malformed id would make Postgres refuse the uuid cast: it is simply not a notice.
    if (!UUID.test(key)) return 'not_found';
    const dismissible = await noticeDismissible(q, accountId, key);
    if (dismissible === null) return 'not_found';
    if (!dismissible) return 'not_dismissible';
  }
  await saveDismissal(q, accountId, personId, key, now);
  return 'dismissed';
}
