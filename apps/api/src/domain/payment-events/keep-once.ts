import type { Transactional } from '../../db/handle';
import { keepEvent, type Decided, type KeptEvent } from './payment-events-repository';
import type { Applied, EventOutcome } from './provider-event';

/** What receiving one event did: its outcome, or 'duplicate' when it was kept before. */
export interface Received {
  outcome: EventOutcome | 'duplicate';
  accountId: string | null;
}

export const DUPLICATE: Received = { outcome: 'duplicate', accountId: null };

/** A repeated delivery found while applying: its transaction is rolled back, nothing of it stays. */
class KeptBefore extends Error {}

/**
 * Applies the event and keeps it with what applying did, in one transaction, unless it was kept before.
 * Keeping the row after the effect, with its outcome, is one statement (kept as received, then its
 * outcome, would be two): a duplicate is rare, and costs its effect's statements once more before it is
 * rolled back. Two deliveries at once: the second insert waits for the first's commit, finds the row,
 * and its transaction is rolled back.
 */
export async function applyOnce(
  database: Transactional,
  row: KeptEvent,
  apply: (tx: Transactional) => Promise<Applied>,
): Promise<Received> {
  try {
    return await database.transaction(async (tx) => {
      const applied = await apply(tx);
      if (!(await keepEvent(tx, row, applied.outcome, applied.accountId))) throw new KeptBefore();
      return applied;
    });
  } catch (error) {
    if (error instanceof KeptBefore) return DUPLICATE;
    throw error;
  }
}

/**
 * Keeps an event that changes nothing (a type the portal ignores, one about nothing of ours) by one
 * statement, atomic on its own: no transaction, no other statement to wait for.
 */
export async function keepAlone(
  database: Transactional,
  row: KeptEvent,
  outcome: EventOutcome,
  accountId: string | null = null,
): Promise<Received> {
  return (await keepEvent(database, row, outcome, accountId)) ? { outcome, accountId } : DUPLICATE;
}

/** An outcome a statement kept, as the handler answers it: null (kept before) is a duplicate. */
export const receivedFrom = (kept: { outcome: string; account_id: string | null } | null): Received =>
  kept ? { outcome: kept.outcome as EventOutcome, accountId: kept.account_id } : DUPLICATE;

/**
 * A one-statement decision (keepIfDecided) as the handler answers it; null when it decided nothing, and
 * the event is to be decided under its lock (applyOnce).
 */
export function receivedOf(decided: Decided): Received | null {
  if (decided.outcome === null) return null;
  return receivedFrom(decided.kept ? { outcome: decided.outcome, account_id: decided.account_id } : null);
}
