import { SUB_ACCOUNT_NOTICE_KEY } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { saveDismissal } from './notification-dismissals-repository';

/** A notification not yet ended, as the overview's statement reads it. */
export interface NoticeRow {
  id: string;
  title: string;
  text: string;
  link: string | null;
  link_text: string | null;
  dismissible: boolean;
  priority: number;
  created_at: string;
  starts_at: string;
  ends_at: string | null;
}

export interface BasicsRow {
  pin: string | null;
  plan_name: string | null;
  multi_user: boolean | null;
  has_sub_users: boolean;
  dismissed: string[] | null;
  notices: NoticeRow[] | null;
}

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

/**
 * The person's own part of the overview in one statement: their PIN, the account's plan and whether
 * it has sub-account users (the first one found is enough), what they dismissed, and the notices not
 * withdrawn nor ended at $3 (for every account, the account's plan or the account itself: NOTICE-02).
 * Whether one is live (starts_at..ends_at) is decided when the overview is answered
 * (overviewBasicsFrom), so that a kept copy of this row stays right at any later time. Plain joins
 * and two small aggregates plan in a fraction of the time of per-notice EXISTS subqueries.
 */
export const BASICS_SQL = `
select p.pin, pl.name as plan_name, pl.multi_user,
  exists (select 1 from people u
           where u.account_id = $1 and not u.is_admin and not u.is_staff) as has_sub_users,
  (select array_agg(d.notification_key) from notification_dismissals d where d.person_id = p.id) as dismissed,
  (select json_agg(json_build_object('id', n.id, 'title', n.title, 'text', n.text, 'link', n.link,
          'link_text', n.link_text, 'dismissible', n.dismissible, 'priority', n.priority,
          'created_at', n.created_at, 'starts_at', n.starts_at, 'ends_at', n.ends_at))
     from notifications n
    where (n.account_id = $1 or n.account_id is null) and (n.plan_id is null or n.plan_id = pl.id)
      and n.withdrawn_at is null
      and (n.ends_at is null or n.ends_at > $3::timestamptz)) as notices
  from people p
  left join subscriptions s on s.account_id = p.account_id
  left join plans pl on pl.id = s.plan_id
 where p.id = $2 and p.account_id = $1`;

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
    const [notice] = await q.query<{ dismissible: boolean }>(
      `select n.dismissible from notifications n
        where n.id = $1 and (n.account_id = $2 or n.account_id is null)
          and (n.plan_id is null or n.plan_id = (select plan_id from subscriptions where account_id = $2))`,
      [key, accountId],
    );
    if (!notice) return 'not_found';
    if (!notice.dismissible) return 'not_dismissible';
  }
  await saveDismissal(q, accountId, personId, key, now);
  return 'dismissed';
}
