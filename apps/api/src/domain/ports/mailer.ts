import type { Transactional } from '../../db/handle';

/** An email the domain asks to send (a notice, a reset link, a PIN). */
export interface OutgoingEmail {
  accountId?: string | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Records the email in the outbox, in `tx` when given: the email exists exactly when the change that
   * caused it commits. A background job delivers it later, so a down mail server never fails a request.
   */
  send(email: OutgoingEmail, tx?: Transactional): Promise<void>;
}

/** What carries an email to the mail server (SMTP through nodemailer in the app, a fake in tests). */
export interface MailTransport {
  deliver(message: { from: string; to: string; subject: string; text: string }): Promise<void>;
}
