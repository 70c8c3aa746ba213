import { NOTICE_ERRORS, type AdminNotice, type publishNoticeSchema } from '@enq/contract';
import type { z } from 'zod';
import type { Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import {
  customerAccountExists,
  insertNotice,
  listNotices,
  lockNotice,
  planExists,
  withdrawNotice,
  type AdminNoticeRow,
} from './notices-repository';
import { runStaffAction, type StaffActor } from '../staff-actions';

type PublishNotice = z.output<typeof publishNoticeSchema>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toAdminNotice(row: AdminNoticeRow): AdminNotice {
  return {
    ...row,
    audience: row.account_id ? 'account' : row.plan_id ? 'plan' : 'all',
    publish_at: iso(row.publish_at)!,
    ends_at: iso(row.ends_at),
    withdrawn_at: iso(row.withdrawn_at),
  };
}

export async function noticesForConsole(q: Transactional, now: Date): Promise<AdminNotice[]> {
  return (await listNotices(q, now)).map(toAdminNotice);
}

/**
 * NOTICE-01..03: publishes a notice to its audience, now or at `publish_at`. The audience's plan or
 * account must exist; a one-account notice is recorded on that account's activity log too.
 */
export async function publishNotice(
  db: Transactional,
  actor: StaffActor,
  input: PublishNotice,
  idempotencyKey: string,
  now: Date,
) {
  const planId = input.audience === 'plan' ? input.plan_id : null;
  const accountId = input.audience === 'account' ? input.account_id : null;
  if (planId && !(await planExists(db, planId)))
    throw new DomainError('invalid', NOTICE_ERRORS.planUnknown, 'plan_id');
  if (accountId && !(/^[0-9a-f-]{36}$/i.test(accountId) && (await customerAccountExists(db, accountId))))
    throw new DomainError('invalid', NOTICE_ERRORS.accountUnknown, 'account_id');
  const publishAt = input.publish_at ? new Date(input.publish_at) : now;
  const { reason, ...request } = input;
  return runStaffAction<{ id: string }>(
    db,
    actor,
    { action: 'notice.publish', accountId, reason, idempotencyKey, request },
    async (tx) => {
      const id = await insertNotice(tx, {
        title: input.title,
        text: input.text,
        link: input.link,
        linkText: input.link_text,
        priority: input.priority,
        dismissible: input.dismissible,
        planId,
        accountId,
        publishAt: publishAt < now ? now : publishAt,
        createdAt: now,
        createdBy: actor.personId,
      });
      const when = publishAt > now ? `scheduled for ${publishAt.toISOString()}` : 'published';
      return {
        message: `Notice “${input.title}” ${when}.`,
        result: { id },
        after: { notice: input.title },
      };
    },
  );
}

/** NOTICE-04: a withdrawn notice leaves every overview at once and stays listed as Withdrawn. */
export async function withdrawNoticeAction(
  db: Transactional,
  actor: StaffActor,
  id: string,
  reason: string,
  idempotencyKey: string,
  now: Date,
) {
  const found = await lockNotice(db, id);
  if (!found) throw new DomainError('not-found', NOTICE_ERRORS.notFound);
  return runStaffAction(
    db,
    actor,
    { action: 'notice.withdraw', accountId: found.account_id, reason, idempotencyKey, request: { id } },
    async (tx) => {
      const notice = await lockNotice(tx, id);
      if (!notice) throw new DomainError('not-found', NOTICE_ERRORS.notFound);
      if (notice.withdrawn_at) throw new DomainError('conflict', NOTICE_ERRORS.alreadyWithdrawn);
      await withdrawNotice(tx, id, now, reason);
      return { message: `Notice “${notice.title}” withdrawn.`, after: { notice: notice.title } };
    },
  );
}
