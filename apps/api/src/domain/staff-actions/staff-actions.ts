import { STAFF_ERRORS, SYSTEM_ACTOR, type StaffAction, type StaffRole } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { recordActivity } from '../activity';
import { DomainError } from '../errors';
import { findStaffAction, insertStaffAudit, lockStaffActionKey } from './staff-audit-repository';

/** The staff member behind a console request, as the audit trail records them. */
export interface StaffActor {
  personId: string;
  email: string;
  fullName: string;
  role: StaffRole;
}

/**
 * The billing system acting on its own through a console action's path (PLAN-13: a late upgrade's
 * refund). No request can carry it: routes only ever build a StaffActor from a signed-in staff member,
 * whose role they check; the trail records it with no person, and the customer's log as 'system.<action>'.
 */
export interface SystemActor {
  personId: null;
  email: null;
  fullName: typeof SYSTEM_ACTOR.name;
  role: typeof SYSTEM_ACTOR.role;
}
export const BILLING_SYSTEM: SystemActor = Object.freeze({
  personId: null,
  email: null,
  fullName: SYSTEM_ACTOR.name,
  role: SYSTEM_ACTOR.role,
});

/** Who an action is recorded as made by. */
export type ActionActor = StaffActor | SystemActor;

export interface StaffActionSpec {
  action: StaffAction;
  /** The account acted on; null for the catalogue, notices and staff. */
  accountId: string | null;
  reason: string;
  /** The Idempotency-Key header; null for an action that changes nothing (view as customer). */
  idempotencyKey: string | null;
  /** What was asked, as the trail keeps it; a retry with the same key must ask the same. */
  request: Record<string, unknown>;
  /** False for what the customer must not read (an internal note): kept in the staff trail only. */
  customerLog?: boolean;
}

export interface StaffActionDone<R> {
  message: string;
  /** Fields the console's answer carries beyond the message (a refund's credit note number). */
  result?: R;
  /** What the customer's Activity view shows changed; the reason is added to it. */
  before?: unknown;
  after?: Record<string, unknown>;
}

export type StaffActionAnswer<R> = { message: string; audit_id: number; replayed: boolean } & R;

/**
 * The one way a console action changes data: in one transaction, the change itself, its staff audit
 * entry and (for an account) its line in the account's activity log, so none exists without the others.
 * A request with an idempotency key already used for this action returns the first answer and changes
 * nothing; the same key with a different request is refused. Actions that call the card provider keep
 * their own pending row before the call (payments) and come here to record the outcome.
 */
export async function runStaffAction<R extends Record<string, unknown> = Record<string, never>>(
  db: Transactional,
  actor: ActionActor,
  spec: StaffActionSpec,
  act: (tx: Transactional) => Promise<StaffActionDone<R>>,
): Promise<StaffActionAnswer<R>> {
  return db.transaction(async (tx) => {
    const key = spec.idempotencyKey;
    if (key) {
      await lockStaffActionKey(tx, spec.action, key);
      const earlier = await findStaffAction(tx, spec.action, key, spec.request);
      if (earlier && !earlier.same_request) throw new DomainError('conflict', STAFF_ERRORS.keyReused);
      if (earlier)
        return { ...(earlier.result as StaffActionAnswer<R>), audit_id: earlier.id, replayed: true };
    }
    const done = await act(tx);
    const answer = { message: done.message, ...(done.result ?? ({} as R)) };
    const auditId = await insertStaffAudit(tx, {
      staffPersonId: actor.personId,
      staffEmail: actor.email,
      staffRole: actor.role,
      action: spec.action,
      accountId: spec.accountId,
      reason: spec.reason,
      idempotencyKey: key,
      request: spec.request,
      result: answer,
    });
    if (spec.accountId && spec.customerLog !== false)
      await recordActivity(tx, spec.accountId, actor.personId, [
        {
          action: `${actor.role === SYSTEM_ACTOR.role ? 'system' : 'staff'}.${spec.action}`,
          target_person_id: null,
          before: done.before ?? null,
          after: { ...done.after, reason: spec.reason },
        },
      ]);
    return { ...answer, audit_id: auditId, replayed: false } as StaffActionAnswer<R>;
  });
}
