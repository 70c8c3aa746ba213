import { emailKey } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { findSignInIdentityByEmailKey, type SignInIdentity } from './people-repository';

/**
 * The person who signs in with a password under this email, or null. Looked up by the email's canonical
 * key, the one the sign-in throttle counts by, so every way of writing one email reaches one person.
 */
export function findSignInIdentityByEmail(
  database: Transactional,
  email: string,
): Promise<SignInIdentity | null> {
  return findSignInIdentityByEmailKey(database, emailKey(email));
}
