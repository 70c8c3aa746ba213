import type { Transactional } from '../../db/handle';

export interface StaffAuditInsert {
  staffPersonId: string;
  staffEmail: string;
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
  staff_person_id: string;
  staff_email: string;
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
  filter: { accountId?: string | undefined; beforeId?: number | undefined; limit: number },
): Promise<StaffAuditRow[]> {
  return q.query<StaffAuditRow>(
    `select id::int, at, staff_person_id, staff_email, staff_role, action, account_id, reason, request, result
       from staff_audit
      where ($1::uuid is null or account_id = $1) and ($2::bigint is null or id < $2)
      order by id desc limit $3`,
    [filter.accountId ?? null, filter.beforeId ?? null, filter.limit],
  );
}
