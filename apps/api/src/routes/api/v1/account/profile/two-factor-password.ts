import { RECENT_SIGN_IN_MINUTES, TWO_FACTOR_PASSWORD_GUESSES, TWO_FACTOR_TEXT } from '@enq/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashToken, verifyPassword } from '../../../../../domain/auth';
import { DomainError } from '../../../../../domain/errors';
import { findPasswordHash, signedInWithin } from '../../../../../domain/profile';
import { passwordGuess } from '../../../../../domain/two-factor';

/**
 * Turning two-factor sign-in on or off and new recovery codes need the person, not just their API
 * token (issue 62: a stolen token put the thief's authenticator on the account): the current password,
 * checked against the hash the sign-in uses, or for someone without one (another provider signs them
 * in) a sign-in within the last few minutes. Wrong passwords count per account whatever the address
 * (TWO_FACTOR_PASSWORD_GUESSES), so these routes are no way to guess it either.
 */
export async function requirePassword(
  app: FastifyInstance,
  req: FastifyRequest,
  password: string | undefined,
): Promise<void> {
  const personId = req.principal!.personId;
  const hash = await findPasswordHash(app.database, personId);
  if (hash === null) {
    if (await signedInWithin(app.database, hashToken(req.bearerToken!), RECENT_SIGN_IN_MINUTES)) return;
    throw new DomainError('forbidden', TWO_FACTOR_TEXT.recentSignInRequired);
  }
  if (!password) throw new DomainError('invalid', TWO_FACTOR_TEXT.passwordRequired, 'password');
  // Verified before the count is held (it is slow on purpose); the answer past the limit is the same
  // whether it was right or not.
  const right = await verifyPassword(password, hash);
  const guess = await passwordGuess(app.database, personId, right, app.clock.now());
  if (guess === 'locked')
    throw new DomainError(
      'rate-limited',
      TWO_FACTOR_TEXT.passwordsLocked(TWO_FACTOR_PASSWORD_GUESSES.lockoutMinutes),
      'password',
    );
  if (guess === 'wrong') throw new DomainError('invalid', TWO_FACTOR_TEXT.passwordWrong, 'password');
}
