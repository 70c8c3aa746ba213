import type { NoticeStatus } from '@enq/contract';
import type { Transactional } from '../../db/handle';

export interface AdminNoticeRow {
  id: string;
  title: string;
  text: string;
  link: string | null;
  link_text: string | null;
  priority: number;
  dismissible: boolean;
  plan_id: string | null;
  plan_name: string | null;
  account_id: string | null;
  account_name: string | null;
  publish_at: Date;
  ends_at: Date | null;
  withdrawn_at: Date | null;
  status: NoticeStatus;
  created_by: string | null;
}

/** Every notice with its status at `now`: scheduled and live first (newest publish first), then the rest. */
export async function listNotices(q: Transactional, now: Date): Promise<AdminNoticeRow[]> {
  return q.query<AdminNoticeRow>(
    `select n.id, n.title, n.text, n.link, n.link_text, n.priority, n.dismissible, n.plan_id,
            pl.name as plan_name, n.account_id, a.name as account_name, n.starts_at as publish_at,
            n.ends_at, n.withdrawn_at, s.full_name as created_by,
            case when n.withdrawn_at is not null then 'withdrawn'
                 when n.starts_at > $1::timestamptz then 'scheduled'
                 when n.ends_at is not null and n.ends_at <= $1::timestamptz then 'ended'
                 else 'live' end as status
       from notifications n
       left join plans pl on pl.id = n.plan_id
       left join accounts a on a.id = n.account_id
       left join people s on s.id = n.created_by
      order by (n.withdrawn_at is null and (n.ends_at is null or n.ends_at > $1::timestamptz)) desc,
               n.starts_at desc, n.created_at desc
      limit 500`,
    [now],
  );
}

export async function listPlanChoices(q: Transactional): Promise<{ id: string; name: string }[]> {
  return q.query<{ id: string; name: string }>('select id, name from plans order by price_cents, name');
}

export async function planExists(q: Transactional, planId: string): Promise<boolean> {
  const rows = await q.query('select 1 from plans where id = $1', [planId]);
  return rows.length > 0;
}

/** The customer account with this id (the staff account is not an audience). */
export async function customerAccountExists(q: Transactional, accountId: string): Promise<boolean> {
  const rows = await q.query(
    `select 1 from accounts a where a.id = $1::uuid
        and not exists (select 1 from people p where p.account_id = a.id and p.is_staff)`,
    [accountId],
  );
  return rows.length > 0;
}

export interface NoticeInsert {
  title: string;
  text: string;
  link: string | null;
  linkText: string | null;
  priority: number;
  dismissible: boolean;
  planId: string | null;
  accountId: string | null;
  publishAt: Date;
  createdAt: Date;
  createdBy: string;
}

export async function insertNotice(q: Transactional, n: NoticeInsert): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into notifications (title, text, link, link_text, priority, dismissible, plan_id, account_id,
                                starts_at, created_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10::timestamptz, $11) returning id`,
    [
      n.title,
      n.text,
      n.link,
      n.linkText,
      n.priority,
      n.dismissible,
      n.planId,
      n.accountId,
      n.publishAt,
      n.createdAt,
      n.createdBy,
    ],
  );
  return row!.id;
}

/** The notice to withdraw, locked inside a transaction; null when there is none. */
export async function lockNotice(
  q: Transactional,
  id: string,
): Promise<{ id: string; title: string; account_id: string | null; withdrawn_at: Date | null } | null> {
  const [row] = await q.query<{
    id: string;
    title: string;
    account_id: string | null;
    withdrawn_at: Date | null;
  }>('select id, title, account_id, withdrawn_at from notifications where id = $1 for update', [id]);
  return row ?? null;
}

export async function withdrawNotice(q: Transactional, id: string, now: Date, reason: string): Promise<void> {
  await q.query(
    'update notifications set withdrawn_at = $2::timestamptz, withdraw_reason = $3 where id = $1',
    [id, now, reason],
  );
}
