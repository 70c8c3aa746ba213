import { CODE_GUESSES } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { countInOidcPayload, destroyOidcPayload, findOidcPayload, upsertOidcPayload } from '../auth';

/**
 * A sign-in whose password was right and whose second factor is still to come, kept by its interaction
 * uid beside the provider's own payloads. The uid alone is not enough to use it: the provider ties
 * the interaction to the browser's cookie, and the pages ask the provider for it first.
 */
export interface PendingSignIn {
  personId: string;
  subject: string;
  email: string;
  deviceId: string;
  /** code: asks a code; enrol: a staff member sets up their app first; enrolled: recovery codes shown. */
  step: 'code' | 'enrol' | 'enrolled';
}

const MODEL = 'PendingSecondFactor';
const PENDING_MINUTES = 15;

export async function holdSignIn(database: Transactional, uid: string, pending: PendingSignIn, now: Date) {
  const expiresAt = new Date(now.getTime() + PENDING_MINUTES * 60_000);
  await upsertOidcPayload(database, MODEL, uid, { ...pending }, expiresAt);
}

export async function pendingSignIn(database: Transactional, uid: string): Promise<PendingSignIn | null> {
  const payload = await findOidcPayload(database, MODEL, 'id', uid);
  return payload && !payload.consumed ? (payload as unknown as PendingSignIn) : null;
}

/** One more wrong code of a held sign-in: how many it has had. It is released at its last guess. */
export async function countWrongCodeOfSignIn(database: Transactional, uid: string): Promise<number> {
  const wrong = (await countInOidcPayload(database, MODEL, uid, 'wrong')) ?? CODE_GUESSES.perSignIn;
  if (wrong >= CODE_GUESSES.perSignIn) await releaseSignIn(database, uid);
  return wrong;
}

export async function releaseSignIn(database: Transactional, uid: string): Promise<void> {
  await destroyOidcPayload(database, MODEL, uid);
}
