import type { Transactional } from '../../db/handle';

/**
 * What an email attaches, kept in the outbox as a reference and rendered when it is sent: the invoice
 * PDF of one of the account's invoices (issued invoices never change, so a later render is the same).
 */
export type OutboxAttachment =
  | { kind: 'invoice_pdf'; account_id: string; invoice_id: string }
  /** The monthly usage report of a closed period: its call-history CSV and its usage summary PDF. */
  | { kind: 'monthly_report'; account_id: string; period_id: string };

/** An email the domain asks to send (a notice, a reset link, a PIN, a receipt). */
export interface OutgoingEmail {
  accountId?: string | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
  attachment?: OutboxAttachment | null;
}

export interface Mailer {
  /**
   * Records the email in the outbox, in `tx` when given: the email exists exactly when the change that
   * caused it commits. A background job delivers it later, so a down mail server never fails a request.
   */
  send(email: OutgoingEmail, tx?: Transactional): Promise<void>;
  /**
   * Asks for a delivery run now (in `tx` when given), for emails the domain wrote to the outbox itself
   * (`queueEmail` in a caller's transaction, e.g. a payment's receipt); without it they wait for the
   * scheduled run.
   */
  wake(tx?: Transactional): Promise<void>;
}

/** A file sent with an email. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** What carries an email to the mail server (SMTP through nodemailer in the app, a fake in tests). */
export interface MailTransport {
  deliver(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    /** The same text as HTML (email-html.ts). */
    html: string;
    /** The same on every try of one email. */
    messageId: string;
    /** When the email was written (RFC 5322's Date): the same on every try. */
    date: Date;
    attachments?: MailAttachment[];
  }): Promise<void>;
}

/**
 * Renders the files an outbox attachment names, when its email is sent (domain/attachments): the mail
 * domain delivers them without knowing invoices or reports.
 */
export type AttachmentRenderer = (
  q: Transactional,
  attachment: OutboxAttachment,
) => Promise<MailAttachment[]>;
