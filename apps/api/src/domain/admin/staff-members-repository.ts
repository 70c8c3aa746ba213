import type { StaffRole } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { STAFF_ACCOUNT_ID } from '../../db/schema';

export interface StaffMemberRow {
  person_id: string;
  full_name: string;
  email: string;
  role: StaffRole;
  created_at: Date;
}

/** The staff members, with when each set up two-factor sign-in (null: not enrolled yet, STAFF-10). */
export async function listStaffMembers(
  q: Transactional,
): Promise<(StaffMemberRow & { two_factor_enabled_at: Date | null })[]> {
  return q.query(
    `select p.id as person_id, p.full_name, p.email, p.staff_role as role, p.created_at,
            t.enabled_at as two_factor_enabled_at
       from people p
       left join two_factor t on t.account_id = p.account_id and t.person_id = p.id
      where p.is_staff order by p.full_name, p.email`,
  );
}

/**
 * The staff members, locked in a fixed order: role changes and removals take these locks first, so two
 * admins demoting each other at once cannot leave the console without an admin.
 */
export async function lockStaffMembers(q: Transactional): Promise<StaffMemberRow[]> {
  return q.query<StaffMemberRow>(
    `select id as person_id, full_name, email, staff_role as role, created_at
       from people where is_staff order by id for update`,
  );
}

/**
 * Whether an email already signs in to enQ, as a customer or as staff. `emailKey` is the email's
 * canonical key (the contract's emailKey), compared with the lower-cased emails sign_in_emails holds.
 */
export async function signInEmailTaken(q: Transactional, emailKey: string): Promise<boolean> {
  const rows = await q.query('select 1 from sign_in_emails where email = $1', [emailKey]);
  return rows.length > 0;
}

/**
 * A new staff identity in the staff account (migration 0010). Its password is a hash of random bytes nobody knows: the
 * set-password email is how the person chooses one, so no password travels.
 */
export async function insertStaffMember(
  q: Transactional,
  m: { fullName: string; email: string; role: StaffRole; passwordHash: string },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into people (account_id, full_name, email, is_staff, staff_role, password_hash)
     values ($1, $2, $3, true, $4, $5) returning id`,
    [STAFF_ACCOUNT_ID, m.fullName, m.email, m.role, m.passwordHash],
  );
  await q.query('update people set identity_subject = id::text where id = $1', [row!.id]);
  return row!.id;
}

export async function setStaffRole(q: Transactional, personId: string, role: StaffRole): Promise<void> {
  await q.query('update people set staff_role = $2 where id = $1 and is_staff', [personId, role]);
}

/**
 * Removes a staff identity: the person row goes (their tokens, reset links and sign-in email with it);
 * the audit trail keeps their email and role as they were. The read-only view-as tokens issued to
 * them are revoked; the customers whose tokens those were are returned, so their caches can be told.
 */
export async function deleteStaffMember(q: Transactional, personId: string, now: Date): Promise<string[]> {
  const viewed = await q.query<{ person_id: string }>(
    `update api_tokens set revoked_at = $2 where issued_to_staff = $1 and revoked_at is null
     returning person_id`,
    [personId, now],
  );
  await q.query('delete from people where id = $1 and is_staff', [personId]);
  return [...new Set(viewed.map((r) => r.person_id))];
}
