import {
  EMAIL_CHANGE_PAGE_PATH,
  EMAIL_CHANGE_TEXT,
  RECENT_SIGN_IN_MINUTES,
  type Profile,
  type ProfileSaved,
} from '@enq/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  verifyPassword,
  clearSignInFailures,
  recordSignInFailure,
  signInWaitSeconds,
} from '../../../../../domain/auth';
import {
  confirmNewEmail,
  emailChangeRequested,
  createEmailChange,
  findPasswordHash,
  signedInWithin,
  saveProfile,
} from '../../../../../domain/profile';
import { DomainError } from '../../../../../domain/errors';

/**
 * A new sign-in email needs proof that the person, not just their API token, is asking: the current
 * password, or, for someone without one (an external provider signs them in), a sign-in within the
 * last few minutes. Wrong passwords count against the same throttle as the sign-in page, so the form
 * is no faster a way to guess one.
 */
export async function authorizeEmailChange(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  { email, password, tokenHash }: { email: string; password: string | undefined; tokenHash: string },
): Promise<void> {
  const personId = req.principal!.personId;
  const hash = await findPasswordHash(app.database, personId);
  if (hash === null) {
    if (await signedInWithin(app.database, tokenHash, RECENT_SIGN_IN_MINUTES)) return;
    throw new DomainError('forbidden', EMAIL_CHANGE_TEXT.recentSignInRequired);
  }
  if (!password)
    throw new DomainError('invalid', EMAIL_CHANGE_TEXT.currentPasswordRequired, 'current_password');
  const now = app.clock.now();
  const wait = await signInWaitSeconds(app.database, email, req.ip, now);
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw new DomainError(
      'rate-limited',
      `Too many wrong passwords. Please wait ${wait} seconds and try again.`,
    );
  }
  if (!(await verifyPassword(password, hash))) {
    await recordSignInFailure(app.database, email, req.ip, now);
    throw new DomainError('invalid', EMAIL_CHANGE_TEXT.currentPasswordWrong, 'current_password');
  }
  await clearSignInFailures(app.database, email, req.ip);
}

/**
 * Saves every field but the email, and in the same transaction keeps the new address waiting for its
 * link: the link goes to the new address, a notice to the old one. The answer is the same whether or
 * not the new address already belongs to another sign-in (that is told to whoever opens the link).
 */
export async function requestEmailChange(
  app: FastifyInstance,
  person: { id: string; accountId: string; fullName: string },
  oldEmail: string,
  profile: Profile,
  newEmail: string,
): Promise<ProfileSaved> {
  const { publicUrl } = app.config;
  const change = { accountId: person.accountId, fullName: person.fullName, oldEmail, newEmail };
  const saved = await app.database.transaction(async (tx) => {
    const result = await saveProfile(tx, person, profile);
    const { token } = await createEmailChange(tx, person, newEmail, app.clock.now());
    await app.mailer.send(confirmNewEmail(change, `${publicUrl}${EMAIL_CHANGE_PAGE_PATH}/${token}`), tx);
    const resetLink = app.config.oidc.embedded ? `${publicUrl}/password-reset` : `${publicUrl}/profile`;
    await app.mailer.send(emailChangeRequested(change, resetLink), tx);
    return result;
  });
  return { ...saved, message: EMAIL_CHANGE_TEXT.sent(newEmail, oldEmail) };
}
