import { BUSINESS_TIME_ZONE, NEW_DEVICE_EMAIL_SUBJECT, PASSWORD_RESET_TTL_MINUTES } from '@enq/contract';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { OutgoingEmail } from '../ports/mailer';

interface Recipient {
  accountId: string | null;
  email: string;
  fullName: string;
}

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || 'there';

/** The email behind Reset password and 'Forgot your password?'. */
export function passwordResetEmail(to: Recipient, link: string): OutgoingEmail {
  return {
    accountId: to.accountId,
    kind: 'password-reset',
    to: to.email,
    subject: 'Reset your enQ password',
    text: [
      `Hello ${firstName(to.fullName)},`,
      '',
      'We received a request to reset the password of your enQ account. Choose a new one here:',
      '',
      link,
      '',
      `The link works once and for ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

/** 'Chrome on Windows', 'Safari on iPhone'...: enough for a person to recognise their own browser. */
export function describeBrowser(userAgent: string): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'An unknown browser';
}

/** The new-sign-in notice (AUTH-13): when, which browser, from where. */
export function newDeviceEmail(
  to: Recipient,
  sighting: { at: Date; userAgent: string; ip: string },
  resetLink: string,
): OutgoingEmail {
  const when = format(new TZDate(sighting.at.getTime(), BUSINESS_TIME_ZONE), "MMMM d, yyyy h:mm aa 'ET'");
  return {
    accountId: to.accountId,
    kind: 'new-device',
    to: to.email,
    subject: NEW_DEVICE_EMAIL_SUBJECT,
    text: [
      `Hello ${firstName(to.fullName)},`,
      '',
      'Your enQ account was just signed in to from a device it has not seen before.',
      '',
      `Time: ${when}`,
      `Browser: ${describeBrowser(sighting.userAgent)}`,
      `IP address: ${sighting.ip || 'unknown'}`,
      '',
      'If this was you, there is nothing to do.',
      `If it was not, change your password now: ${resetLink}`,
    ].join('\n'),
  };
}
