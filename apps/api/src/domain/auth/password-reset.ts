import { PASSWORD_RESET_TTL_MINUTES } from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { insertPasswordReset } from './password-reset-repository';

/**
 * A new single-use reset link for a person, valid for PASSWORD_RESET_TTL_MINUTES. Any earlier unused
 * link of theirs stops working: only the newest email is good.
 */
export function createPasswordReset(
  database: Transactional,
  personId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
  return insertPasswordReset(database, personId, now, expiresAt);
}
