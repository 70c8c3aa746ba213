import { ACCOUNT_ACTION_TEXT, PAUSE_TEXT, STAFF_ERRORS, type PauseResponse } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { PERSON_WAIT_MS, type BillingEngine } from '../billing-engine';
import { DomainError } from '../errors';
import { pauseState, requestPause, resumeNow } from '../pause';
import {
  claimStaffActionKey,
  findStaffAction,
  releaseStaffActionKey,
  runStaffAction,
  type StaffActionAnswer,
  type StaffActor,
} from '../staff-actions';

// The console's pause and resume on a customer's behalf (issue 64): the customer's own domain functions
// (the same rules, refusals and payment path), with the staff member and their reason as the actor. The
// pause domain writes the customer's activity line itself (read as by enQ support, with the reason), so
// the staff trail's entry does not write a second one (customerLog: false).

type Answer = StaffActionAnswer<PauseResponse>;
interface Ask {
  accountId: string;
  reason: string;
  key: string;
  now: Date;
}

/** Schedules a pause from the current period's end to `resumeOn`, as the customer's Pause would. */
export function pauseOnBehalf(
  database: Transactional,
  actor: StaffActor,
  ask: Ask & { resumeOn: string },
): Promise<Answer> {
  return runStaffAction(
    database,
    actor,
    {
      action: 'pause.request',
      accountId: ask.accountId,
      reason: ask.reason,
      idempotencyKey: ask.key,
      request: { resume_on: ask.resumeOn },
      customerLog: false,
    },
    async (tx) => {
      const who = { personId: actor.personId, reason: ask.reason };
      await requestPause(tx, ask.accountId, { resume_on: ask.resumeOn }, who, ask.now);
      return { message: PAUSE_TEXT.paused, result: await pauseState(tx, ask.accountId, ask.now) };
    },
  );
}

/**
 * Resumes now (paid first, through the one payment path) or withdraws a scheduled pause. The charge
 * happens outside runStaffAction's transaction, so the key is claimed first, as a retried charge's is
 * (CMON-07): a twin waits for the first's answer, and a declined charge releases the key so that a
 * later try charges again.
 */
export async function resumeOnBehalf(
  database: Transactional,
  engine: BillingEngine,
  actor: StaffActor,
  ask: Ask,
): Promise<Answer> {
  const spec = {
    action: 'pause.resume' as const,
    accountId: ask.accountId,
    reason: ask.reason,
    idempotencyKey: ask.key,
    request: {},
    customerLog: false,
  };
  const deadline = Date.now() + PERSON_WAIT_MS;
  for (;;) {
    const earlier = await findStaffAction(database, spec.action, ask.key, spec.request);
    if (earlier && !earlier.same_request) throw new DomainError('conflict', STAFF_ERRORS.keyReused);
    if (earlier)
      return runStaffAction(database, actor, spec, () => {
        throw new DomainError('conflict', STAFF_ERRORS.keyReused);
      });
    if (await claimStaffActionKey(database, spec.action, ask.key)) break;
    if (Date.now() >= deadline) throw new DomainError('payment-pending', ACCOUNT_ACTION_TEXT.chargePending);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const who = { personId: actor.personId, reason: ask.reason };
  const message = await resumeNow(database, engine, ask.accountId, who, ask.now).catch(
    async (err: unknown) => {
      await releaseStaffActionKey(database, spec.action, ask.key);
      throw err;
    },
  );
  return runStaffAction(database, actor, spec, async (tx) => ({
    message,
    result: await pauseState(tx, ask.accountId, ask.now),
  }));
}
