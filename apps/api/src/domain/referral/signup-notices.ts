import { SIGNUP_LINK_TTL_HOURS } from '@enq/contract';
import type { OutgoingEmail } from '../ports/mailer';
import type { PendingSignup } from './pending-signup-repository';
import type { SignInOwner } from './referral-repository';

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || 'there';

/** To a new email: the link that makes the account. */
export function signupLinkEmail(
  signup: Pick<PendingSignup, 'email' | 'fullName' | 'company'>,
  link: string,
): OutgoingEmail {
  return {
    accountId: null,
    kind: 'signup-link',
    to: signup.email,
    subject: 'Finish signing up for enQ',
    text: [
      `Hello ${firstName(signup.fullName)},`,
      '',
      `To create the enQ account for ${signup.company}, open this link and confirm:`,
      '',
      link,
      '',
      `The link works once and for ${SIGNUP_LINK_TTL_HOURS} hours.`,
      'If you did not sign up for enQ, ignore this email: no account is created.',
    ].join('\n'),
  };
}

/**
 * To an email that already signs in, instead of a link: the sign-up form said the same to whoever
 * sent it, so only this mailbox learns that the email has an account.
 */
export function signupAttemptEmail(
  owner: SignInOwner,
  links: { signIn: string; resetPassword: string },
): OutgoingEmail {
  return {
    accountId: owner.accountId,
    kind: 'signup-attempt',
    to: owner.email,
    subject: 'Someone tried to sign up for enQ with your email',
    text: [
      `Hello ${firstName(owner.fullName)},`,
      '',
      `Someone tried to sign up for a new enQ account with ${owner.email}, which already signs in to enQ.`,
      'No new account was created.',
      '',
      `If it was you, sign in at ${links.signIn}`,
      `or, if you forgot your password, reset it at ${links.resetPassword}`,
      '',
      'If it was not you, there is nothing to do: your account is unchanged.',
    ].join('\n'),
  };
}
