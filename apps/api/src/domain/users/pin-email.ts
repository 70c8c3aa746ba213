import type { OutgoingEmail } from '../ports/mailer';

/** The email that tells a person their PIN, sent at the request of the account's admin. */
export function pinEmail(
  accountId: string,
  person: { email: string; full_name: string; pin: string },
  adminName: string,
): OutgoingEmail {
  return {
    accountId,
    kind: 'user-pin',
    to: person.email,
    subject: 'Your enQ PIN',
    text: [
      `Hello ${person.full_name},`,
      '',
      `Your enQ PIN is ${person.pin}.`,
      'Enter it when an enQ line asks for your PIN. Keep it to yourself: calls made with it are billed to your firm.',
      '',
      `Sent at the request of ${adminName}.`,
    ].join('\n'),
  };
}
