import type { Transactional } from '../../db/handle';

export interface StaffAuditInsert {
  /** Null, with the email, for the billing system's own actions (role 'system'). */
  staffPersonId: string | null;
  staffEmail: string | null;
  staffRole: string;
  action: string;
  accountId: string | null;
  reason: string;
  idempotencyKey: string | null;
  request: unknown;
  result: unknown;
}

export interface StaffAuditRow {
  id: number;
  at: Date;
  staff_person_id: string | null;
  staff_email: string | null;
  staff_role: string;
  action: string;
  account_id: string | null;
  reason: string;
  request: unknown;
  result: unknown;
}

/**
 * Holds the action's key until the transaction ends: a second request with the same key (another
 * tab, another process) waits here, then finds the first one's entry.
 */
export async function lockStaffActionKey(tx: Transactional, action: string, key: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`staff:${action}:${key}`]);
}

/** The entry an earlier request with this key wrote, and whether it asked for the same thing. */
export async function findStaffAction(
  q: Transactional,
  action: string,
  key: string,
  request: unknown,
): Promise<{ id: number; result: unknown; same_request: boolean } | null> {
  const [row] = await q.query<{ id: number; result: unknown; same_request: boolean }>(
    `select id::int, result, request = $3::jsonb as same_request
       from staff_audit where action = $1 and idempotency_key = $2`,
    [action, key, JSON.stringify(request)],
  );
  return row ?? null;
}

export async function insertStaffAudit(q: Transactional, e: StaffAuditInsert): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `insert into staff_audit (staff_person_id, staff_email, staff_role, action, account_id, reason,
                              idempotency_key, request, result)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb) returning id::int`,
    [
      e.staffPersonId,
      e.staffEmail,
      e.staffRole,
      e.action,
      e.accountId,
      e.reason,
      e.idempotencyKey,
      JSON.stringify(e.request ?? {}),
      JSON.stringify(e.result ?? {}),
    ],
  );
  return row!.id;
}

/** The trail newest first, of one account or of all; `beforeId` pages on. */
export async function listStaffAudit(
  q: Transactional,
  filter: {
    accountId?: string | undefined;
    staffPersonId?: string | undefined;
    action?: string | undefined;
    beforeId?: number | undefined;
    limit: number;
  },
): Promise<(StaffAuditRow & { staff_name: string | null; account_name: string | null })[]> {
  return q.query<StaffAuditRow & { staff_name: string | null; account_name: string | null }>(
    `select s.id::int, s.at, s.staff_person_id, s.staff_email, s.staff_role, s.action, s.account_id, s.reason,
            s.request, s.result, p.full_name as staff_name, a.name as account_name
       from staff_audit s
       left join people p on p.id = s.staff_person_id
       left join accounts a on a.id = s.account_id
      where ($1::uuid is null or s.account_id = $1) and ($2::bigint is null or s.id < $2)
        and ($4::uuid is null or s.staff_person_id = $4) and ($5::text is null or s.action = $5)
      order by s.id desc limit $3`,
    [
      filter.accountId ?? null,
      filter.beforeId ?? null,
      filter.limit,
      filter.staffPersonId ?? null,
      filter.action ?? null,
    ],
  );
}

/**
 * Claims an action's key for the request about to call the card provider outside runStaffAction's
 * transaction (a charge retry, CMON-07): true for the request that holds it now. A claim two minutes old
 * (its request died) is taken over; the entry written once the action is done answers every later one.
 */
export async function claimStaffActionKey(q: Transactional, action: string, key: string): Promise<boolean> {
  const rows = await q.query(
    `insert into staff_action_claims (action, idempotency_key) values ($1, $2)
     on conflict (action, idempotency_key) do update set claimed_at = now()
       where staff_action_claims.claimed_at < now() - interval '2 minutes'
     returning 1`,
    [action, key],
  );
  return rows.length > 0;
}

/** Gives a claim up when its request was refused before acting, so a retry of it is not kept waiting. */
export async function releaseStaffActionKey(q: Transactional, action: string, key: string): Promise<void> {
  await q.query('delete from staff_action_claims where action = $1 and idempotency_key = $2', [action, key]);
}
