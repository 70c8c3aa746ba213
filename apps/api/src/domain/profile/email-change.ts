import { EMAIL_CHANGE_TTL_MINUTES, emailKey } from '@enq/contract';
import { isUniqueViolation, type Transactional } from '../../db/handle';
import {
  findUsableEmailChange,
  insertEmailChange,
  isEmailChangeToken,
  moveEmail,
  spendEmailChange,
  type EmailChange,
} from './email-change-repository';
import { findEmailClashByKey, type EmailClash } from './profile-repository';

/**
 * Whether another person already uses this email (compared by its canonical key): a user of the same
 * account, or, for someone who signs in, another sign-in identity.
 */
export function findEmailClash(
  q: Transactional,
  person: { id: string; accountId: string },
  email: string,
): Promise<EmailClash | null> {
  return findEmailClashByKey(q, person, emailKey(email));
}

/**
 * A single-use link that moves a person's sign-in email to `newEmail`, valid for EMAIL_CHANGE_TTL_MINUTES.
 * An earlier unused link of theirs stops working: only the newest request counts.
 */
export function createEmailChange(
  database: Transactional,
  person: { id: string; accountId: string },
  newEmail: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_MINUTES * 60_000);
  return insertEmailChange(database, person, newEmail, now, expiresAt);
}

export type EmailChangeOutcome =
  | { status: 'changed'; change: EmailChange }
  | { status: 'taken'; change: EmailChange }
  | { status: 'expired' };

/**
 * Opens the link: spends it and, unless the address now belongs to someone else, moves the person's
 * email (and with it their sign-in) to the new one, with an audit row, all in one transaction. Whether
 * the address is taken is only told here, to whoever holds its mailbox, never to the person who asked
 * for the change. `notify` writes the notice to the old address in the same transaction.
 */
export async function completeEmailChange(
  database: Transactional,
  token: string,
  now: Date,
  notify: (tx: Transactional, change: EmailChange) => Promise<void>,
): Promise<EmailChangeOutcome> {
  if (!isEmailChangeToken(token)) return { status: 'expired' };
  try {
    return await database.transaction(async (tx) => {
      const change = await spendEmailChange(tx, token, now);
      if (!change) return { status: 'expired' } as const;
      const person = { id: change.personId, accountId: change.accountId };
      if (await findEmailClash(tx, person, change.newEmail)) return { status: 'taken', change } as const;
      await moveEmail(tx, change);
      await notify(tx, change);
      return { status: 'changed', change } as const;
    });
  } catch (error) {
    // Someone took the address between the check and the write: the link stays unspent (rolled back).
    if (!isUniqueViolation(error)) throw error;
    const change = await findUsableEmailChange(database, token, now);
    return change ? { status: 'taken', change } : { status: 'expired' };
  }
}
