import { TWO_FACTOR_PASSWORD_GUESSES } from '@enq/contract';
import { createHash } from 'node:crypto';
import type { Transactional } from '../../db/handle';
import { countFailure, lockFailures, recentFailures } from '../auth';

// Wrong passwords given to turn two-factor sign-in on or off or to make new recovery codes, counted per
// account whatever the source address (TWO_FACTOR_PASSWORD_GUESSES): these routes take a bearer token,
// so without a count of their own they would be a way to guess the password from many addresses.

const keyOf = (personId: string) =>
  `two-factor-password:${createHash('sha256').update(personId).digest('hex')}`;
const windowStart = (now: Date) =>
  new Date(now.getTime() - TWO_FACTOR_PASSWORD_GUESSES.lockoutMinutes * 60_000);

/**
 * Decides on a password already verified (`right`): refused while the account is locked, right or
 * not, so an answer past the limit says nothing about the password; a wrong one counted, and the one
 * that reaches the limit locks. One decision at a time per person across processes.
 */
export async function passwordGuess(
  database: Transactional,
  personId: string,
  right: boolean,
  now: Date,
): Promise<'right' | 'wrong' | 'locked'> {
  return database.transaction(async (tx) => {
    const key = keyOf(personId);
    await lockFailures(tx, key);
    const [row] = await recentFailures(tx, [key], windowStart(now));
    if (row && row.failures >= TWO_FACTOR_PASSWORD_GUESSES.perAccount) return 'locked';
    if (right) return 'right';
    await countFailure(tx, [key], now, windowStart(now));
    return (row?.failures ?? 0) + 1 >= TWO_FACTOR_PASSWORD_GUESSES.perAccount ? 'locked' : 'wrong';
  });
}
