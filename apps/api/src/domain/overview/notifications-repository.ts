import type { Transactional } from '../../db/handle';

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

/**
 * Whether a notice the person may see can be dismissed: null when it is not a notification that is
 * global, for the account's plan or the account's own (any other account's is not found).
 */
export async function noticeDismissible(
  q: Transactional,
  accountId: string,
  noticeId: string,
): Promise<boolean | null> {
  const [notice] = await q.query<{ dismissible: boolean }>(
    `select n.dismissible from notifications n
      where n.id = $1 and (n.account_id = $2 or n.account_id is null)
        and (n.plan_id is null or n.plan_id = (select plan_id from subscriptions where account_id = $2))`,
    [noticeId, accountId],
  );
  return notice ? notice.dismissible : null;
}
