import { createHash, randomBytes } from 'node:crypto';
import { CANCELLATION_TEXT, KEEP_LINK_PARAM, KEEP_LINK_PAGE } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import type { BillingDeps } from '../billing-engine';
import { DomainError } from '../errors';
import { applyKeep } from '../subscription';
import { cancellationByKeepHash, markKept } from './cancellations-repository';

// The reminder email's "Keep this plan" link (docs/billing.md "Cancelling"). It opens the portal's
// Subscription page, so whoever uses it is signed in to the account (keeping a plan commits the
// account to its next renewal, which only its people may do); the token in it names the one
// cancellation it undoes, works once, and only until that period ends.

export const keepTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link's token and the hash the cancellation keeps (the token is only in the email). */
export function newKeepToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: keepTokenHash(token) };
}

export const keepLinkUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}${KEEP_LINK_PAGE}?${KEEP_LINK_PARAM}=${encodeURIComponent(token)}`;

/**
 * Keeps the plan from the link: the cancellation undone through the one "Keep this plan" path
 * (applyKeep: never a charge), and the link spent in the same transaction.
 */
export async function keepFromLink(
  deps: BillingDeps,
  accountId: string,
  actorId: string | null,
  token: string,
): Promise<void> {
  const hash = keepTokenHash(token);
  const check = async (tx: Transactional) => {
    const row = await cancellationByKeepHash(tx, accountId, hash);
    if (!row || !row.is_latest) throw new DomainError('not-found', CANCELLATION_TEXT.linkUnknown);
    if (row.kept_at) throw new DomainError('conflict', CANCELLATION_TEXT.linkUsed);
    if (deps.clock.now() >= new Date(row.period_end))
      throw new DomainError('conflict', CANCELLATION_TEXT.linkExpired);
    return row;
  };
  // Checked first for the link's own answer (the keep would otherwise refuse a spent link as "nothing to
  // undo"), and again under the keep's lock, where the link is spent.
  await deps.database.transaction(check);
  try {
    await applyKeep(deps, accountId, actorId, {
      write: async (tx) => markKept(tx, accountId, (await check(tx)).id, deps.clock.now()),
      logged: { kept_from: 'reminder email' },
    });
  } catch (err) {
    // The same link used twice at once: the other use kept the plan while this one waited for the lock,
    // so the keep found nothing to undo. The link's own answer says why ("already been used").
    if (err instanceof DomainError && err.kind === 'conflict') await deps.database.transaction(check);
    throw err;
  }
}
