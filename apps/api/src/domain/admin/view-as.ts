import { VIEW_AS_TEXT, VIEW_AS_TTL_MINUTES } from '@enq/contract';
import { randomBytes } from 'node:crypto';
import type { Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import { runStaffAction, type StaffActor } from '../staff-actions';
import { findViewAsTarget, insertViewAsToken } from './view-as-repository';

/**
 * STAFF-07: a short-lived, read-only token of the account's admin for the staff member, recorded in the
 * staff audit trail and the account's activity log. The token is never part of the recorded answer.
 */
export async function viewAsCustomer(
  db: Transactional,
  actor: StaffActor,
  accountId: string,
  reason: string,
  now: Date,
) {
  const target = await findViewAsTarget(db, accountId);
  if (!target) throw new DomainError('not-found', VIEW_AS_TEXT.notFound);
  if (!target.admin_id) throw new DomainError('conflict', VIEW_AS_TEXT.noAdmin);
  const adminId = target.admin_id;
  const token = `enq_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + VIEW_AS_TTL_MINUTES * 60_000);
  const answer = await runStaffAction(
    db,
    actor,
    { action: 'view_as_customer', accountId, reason, idempotencyKey: null, request: {} },
    async (tx) => {
      await insertViewAsToken(tx, adminId, actor.personId, token, expiresAt);
      return {
        message: `Viewing ${target.account_name} as the customer until ${expiresAt.toISOString()}.`,
        after: { until: expiresAt.toISOString() },
      };
    },
  );
  return {
    message: answer.message,
    audit_id: answer.audit_id,
    token,
    expires_at: expiresAt.toISOString(),
    account_name: target.account_name,
  };
}
