import { EMAIL_CHANGE_TTL_MINUTES } from '@enq/contract';
import type { OutgoingEmail } from '../ports/mailer';
import type { EmailChange } from './email-change-repository';

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || 'there';
type Who = Pick<EmailChange, 'accountId' | 'fullName' | 'oldEmail' | 'newEmail'>;

/** To the new address: the link that makes the change. */
export function confirmNewEmail(change: Who, link: string): OutgoingEmail {
  return {
    accountId: change.accountId,
    kind: 'email-change-confirm',
    to: change.newEmail,
    subject: 'Confirm your new enQ sign-in email',
    text: [
      `Hello ${firstName(change.fullName)},`,
      '',
      `To sign in to enQ with ${change.newEmail} instead of ${change.oldEmail}, open this link:`,
      '',
      link,
      '',
      `The link works once and for ${EMAIL_CHANGE_TTL_MINUTES} minutes.`,
      'If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  };
}

/** To the old address, when the change is asked for: the owner hears of it before anything happens. */
export function emailChangeRequested(change: Who, resetLink: string): OutgoingEmail {
  return {
    accountId: change.accountId,
    kind: 'email-change-requested',
    to: change.oldEmail,
    subject: 'Your enQ sign-in email is about to change',
    text: [
      `Hello ${firstName(change.fullName)},`,
      '',
      `Someone signed in to your enQ account asked to change its sign-in email to ${change.newEmail}.`,
      'It changes only when the link we sent to that address is opened.',
      '',
      'If this was you, there is nothing to do.',
      `If it was not, change your password now: ${resetLink}`,
    ].join('\n'),
  };
}

/** To the old address, once the link was opened. */
export function emailChanged(change: Who): OutgoingEmail {
  return {
    accountId: change.accountId,
    kind: 'email-changed',
    to: change.oldEmail,
    subject: 'Your enQ sign-in email was changed',
    text: [
      `Hello ${firstName(change.fullName)},`,
      '',
      `Your enQ account now signs in with ${change.newEmail}; ${change.oldEmail} no longer does.`,
      'If this was not you, contact enQ support at once.',
    ].join('\n'),
  };
}
