import { API_TOKEN_TTL_SECONDS, emailKey } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { findTokenHolderByEmailKey, insertApiToken } from './token-repository';

/**
 * A new API token, live for API_TOKEN_TTL_SECONDS from `now`; `deviceId` is the browser the sign-in
 * came from, when the provider said so, and `secondFactor` whether the sign-in used one.
 */
export function issueApiToken(
  database: Transactional,
  personId: string,
  now = new Date(),
  deviceId: string | null = null,
  secondFactor = false,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + API_TOKEN_TTL_SECONDS * 1000);
  return insertApiToken(database, personId, expiresAt, deviceId, secondFactor);
}

/**
 * An API token for the person with `email` (`npm run token`), found by the email's canonical key: the
 * account holder or staff identity first when one email has several; null when nobody has it. Whoever
 * runs the CLI holds the server's database, so its token stands for a full sign-in, second factor
 * included (the console accepts it).
 */
export async function issueApiTokenForEmail(
  database: Transactional,
  email: string,
): Promise<{ token: string; expiresAt: Date } | null> {
  const personId = await findTokenHolderByEmailKey(database, emailKey(email));
  return personId ? issueApiToken(database, personId, new Date(), null, true) : null;
}
