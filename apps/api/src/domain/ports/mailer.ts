/** An email the domain asks to send (a notice, a reset link, a PIN). */
export interface OutgoingEmail {
  accountId?: string | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Records the email in the outbox and, when SMTP is configured, delivers it. */
  send(email: OutgoingEmail): Promise<void>;
}
