import { STAFF_ACCOUNT_ID } from '../../db/schema';
import type { QueryOptions, Transactional } from '../../db/handle';

/** One change as the activity log records it (ACT-01): what, about whom, the values before and after. */
export interface ActivityEntryInput {
  action: string;
  target_person_id: string | null;
  before: unknown;
  after: unknown;
}

/** A recorded change with the names of the people it involves (null: that person was removed since). */
export interface ActivityRow {
  id: string;
  at: Date;
  action: string;
  actor_person_id: string | null;
  actor_name: string | null;
  /** The console's staff made it (null when the actor was removed since). */
  actor_is_staff: boolean | null;
  target_person_id: string | null;
  target_name: string | null;
  before: unknown;
  after: unknown;
}

export interface ActivityFilter {
  accountId: string;
  /** Changes this person made or that were about them. */
  personId?: string | undefined;
  /** Changes whose action starts with one of these (a kind of change: ACTIVITY_KINDS' prefixes). */
  actionPrefixes?: readonly string[] | undefined;
}

/**
 * Records changes in one statement a chunk (every writer of the log comes here: users, profile, email
 * change, billing, subscription, settings). PINs are recorded masked by the callers: the log is not a
 * PIN store. Pass the transaction of the change itself, so the record exists exactly when it does.
 */
export async function recordActivity(
  tx: Transactional,
  accountId: string,
  actorId: string | null,
  entries: ActivityEntryInput[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += 2000) {
    const chunk = entries.slice(i, i + 2000);
    await tx.query(
      `insert into audit_log (account_id, actor_person_id, action, target_person_id, before, after)
       select $1::uuid, $2::uuid, e.action, e.target_person_id::uuid, e.before, e.after
         from jsonb_to_recordset($3::jsonb) as e(action text, target_person_id text, before jsonb, after jsonb)`,
      [accountId, actorId, JSON.stringify(chunk)],
    );
  }
}

/** The WHERE clause of a filter; parameters from $1 (the account). */
function filterWhere(filter: ActivityFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [filter.accountId];
  let sql = 'a.account_id = $1';
  if (filter.personId) {
    params.push(filter.personId);
    sql += ` and (a.actor_person_id = $${params.length} or a.target_person_id = $${params.length})`;
  }
  if (filter.actionPrefixes) {
    params.push([...filter.actionPrefixes]);
    sql += ` and split_part(a.action, '.', 1) = any($${params.length}::text[])`;
  }
  return { sql, params };
}

/**
 * A page walks audit_log_account_at_id_idx backwards. PGlite has no autovacuum, so a log filled in bulk
 * has no statistics and its planner would sort the whole log for a page; PostgreSQL needs no help.
 */
const NEWEST_FIRST_PLAN: QueryOptions = { planner: { enable_bitmapscan: 'off', enable_sort: 'off' } };

const ROW_COLUMNS = `a.id::text as id, a.at, a.action, a.actor_person_id,
  actor.full_name as actor_name, actor.is_staff as actor_is_staff,
  a.target_person_id, target.full_name as target_name, a.before, a.after`;
const ROW_JOINS = `left join people actor on actor.id = a.actor_person_id
    and actor.account_id in (a.account_id, '${STAFF_ACCOUNT_ID}')
  left join people target on target.id = a.target_person_id and target.account_id = a.account_id`;

/** A page of the account's log, newest first, and how many changes the filter matches in all. */
export async function listActivity(
  q: Transactional,
  filter: ActivityFilter,
  limit: number,
  offset: number,
): Promise<{ rows: ActivityRow[]; total: number }> {
  const where = filterWhere(filter);
  const n = where.params.length;
  const [rows, [count]] = await Promise.all([
    q.query<ActivityRow>(
      `select ${ROW_COLUMNS} from audit_log a ${ROW_JOINS}
        where ${where.sql} order by a.at desc, a.id desc limit $${n + 1} offset $${n + 2}`,
      [...where.params, limit, offset],
      NEWEST_FIRST_PLAN,
    ),
    q.query<{ total: number }>(
      `select count(*)::int as total from audit_log a where ${where.sql}`,
      where.params,
    ),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The people of the account who made a change or were the subject of one, by name. */
export async function activityPeople(
  q: Transactional,
  accountId: string,
): Promise<{ id: string; name: string }[]> {
  return q.query<{ id: string; name: string }>(
    `select p.id, p.full_name as name from people p
      where p.account_id = $1
        and (exists (select 1 from audit_log a where a.account_id = $1 and a.actor_person_id = p.id)
          or exists (select 1 from audit_log a where a.account_id = $1 and a.target_person_id = p.id))
      order by lower(p.full_name), p.id`,
    [accountId],
  );
}
