import { CODE_GUESSES, TWO_FACTOR_TEXT } from '@enq/contract';
import { createHash } from 'node:crypto';
import type { Transactional } from '../../db/handle';
import { countFailure, lockFailures, recentFailures } from '../auth';
import type { Mailer } from '../ports/mailer';
import { countWrongCodeOfSignIn } from './pending-sign-in';

// Wrong two-factor codes, counted per held sign-in and per account whatever the source address (the
// per-address sign-in throttle alone let many addresses guess freely). Kept beside the sign-in
// failures, under a key of their own.

/** What a code meets while the account refuses codes, at sign-in and on /profile alike. */
export const CODES_LOCKED_MESSAGE = TWO_FACTOR_TEXT.accountLocked(CODE_GUESSES.lockoutMinutes);

const keyOf = (personId: string) => `code:${createHash('sha256').update(personId).digest('hex')}`;
const windowStart = (now: Date) => new Date(now.getTime() - CODE_GUESSES.lockoutMinutes * 60_000);

/** Until when the account refuses codes (null: not locked). */
export async function codesLockedUntil(q: Transactional, personId: string, now: Date): Promise<Date | null> {
  const [row] = await recentFailures(q, [keyOf(personId)], windowStart(now));
  if (!row || row.failures < CODE_GUESSES.perAccount) return null;
  const until = new Date(new Date(row.last_failure_at).getTime() + CODE_GUESSES.lockoutMinutes * 60_000);
  return until > now ? until : null;
}

export interface WrongCodeOutcome {
  /** The held sign-in has had its last guess: it is over, the password is asked again. */
  signInOver: boolean;
  /** This guess locked the account (the owner is to be told, once). */
  lockedNow: boolean;
}

/**
 * Counts one wrong code of the held sign-in `uid` (when there is one) and of the person's account; the
 * guess that locks the account emails its owner, in the same transaction.
 */
export async function countWrongCode(
  q: Transactional,
  mailer: Pick<Mailer, 'send'>,
  who: { uid: string | null; personId: string; email: string },
  now: Date,
): Promise<WrongCodeOutcome> {
  return q.transaction(async (tx) => {
    const signInGuesses = who.uid ? await countWrongCodeOfSignIn(tx, who.uid) : 0;
    await countFailure(tx, [keyOf(who.personId)], now, windowStart(now));
    const [row] = await recentFailures(tx, [keyOf(who.personId)], windowStart(now));
    const lockedNow = row?.failures === CODE_GUESSES.perAccount;
    if (lockedNow)
      await mailer.send(
        {
          kind: 'two_factor_guesses',
          to: who.email,
          subject: TWO_FACTOR_TEXT.guessesEmailSubject,
          text: TWO_FACTOR_TEXT.guessesEmailText(CODE_GUESSES.lockoutMinutes),
        },
        tx,
      );
    return { signInOver: signInGuesses >= CODE_GUESSES.perSignIn, lockedNow };
  });
}

/** A code's check, run in the guesses' transaction: its outcome, or 'wrong'. */
export type CodeCheck<T> = (tx: Transactional) => Promise<T | 'wrong'>;

/** What a code checked under the account's guesses came to. */
export type GuardedCheck<T> =
  { kind: 'right'; value: T } | { kind: 'locked' } | { kind: 'wrong'; outcome: WrongCodeOutcome };

/**
 * One person's code checks take turns in this process before they take a database connection: many
 * guesses at once would otherwise each hold one of the pool's connections while waiting for the
 * person's lock, and the requests behind them time out waiting for a connection (503).
 */
const turns = new Map<string, Promise<unknown>>();
async function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const mine = (turns.get(key) ?? Promise.resolve()).then(work, work);
  const done = mine.catch(() => undefined);
  turns.set(key, done);
  try {
    return await mine;
  } finally {
    if (turns.get(key) === done) turns.delete(key);
  }
}

/**
 * Checks a code while holding the account's count: the lock test, the check and the count of a wrong
 * code run one at a time per person across processes (many guesses sent at once to several processes
 * would otherwise all pass the lock test before any was counted), so no more than
 * CODE_GUESSES.perAccount codes are ever checked in a lockout window. `check` works in the same
 * transaction (a code spent or a change made by it commits with the count).
 */
export async function guardedCodeCheck<T>(
  database: Transactional,
  mailer: Pick<Mailer, 'send'>,
  who: { uid: string | null; personId: string; email: string },
  now: Date,
  check: CodeCheck<T>,
): Promise<GuardedCheck<T>> {
  return inTurn(who.personId, () =>
    database.transaction(async (tx): Promise<GuardedCheck<T>> => {
      await lockFailures(tx, keyOf(who.personId));
      if (await codesLockedUntil(tx, who.personId, now)) return { kind: 'locked' };
      const result = await check(tx);
      if (result !== 'wrong') return { kind: 'right', value: result };
      return { kind: 'wrong', outcome: await countWrongCode(tx, mailer, who, now) };
    }),
  );
}
