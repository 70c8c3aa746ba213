import type { Transactional } from '../../db/handle';
import type { AttachmentRenderer, MailTransport } from '../ports/mailer';
import {
  leaseDueEmails,
  markEmailFailed,
  markEmailRetry,
  markEmailSent,
  secondsUntilNextEmail,
} from './outbox-repository';
import { emailHtml, emailMessageId } from './email-html';

export interface DeliverySettings {
  from: string;
  /** How long a run owns the emails it leased; a run that died gives them up when this runs out. */
  leaseSeconds: number;
  maxAttempts: number;
  /** The wait after the first failed try; doubled after each further one. */
  retryBaseSeconds: number;
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DeliveryRun {
  sent: number;
  retried: number;
  failed: number;
  /** Seconds until the next email is due, null when none waits: when to run again. */
  nextInSeconds: number | null;
}

const BATCH = 20;

/** Sends every due email in the outbox, one lease of a batch at a time, and records each outcome. */
export async function deliverOutbox(
  database: Transactional,
  transport: MailTransport,
  settings: DeliverySettings,
  log: Log,
  /** The files an email's attachment names, rendered at its send (domain/attachments, wired by jobs). */
  renderAttachments: AttachmentRenderer,
): Promise<DeliveryRun> {
  const run: DeliveryRun = { sent: 0, retried: 0, failed: 0, nextInSeconds: null };
  for (;;) {
    const batch = await leaseDueEmails(database, settings.leaseSeconds, BATCH);
    if (batch.length === 0) break;
    for (const email of batch) {
      try {
        await transport.deliver({
          from: settings.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: emailHtml(email.subject, email.text),
          messageId: emailMessageId(email, settings.from),
          date: email.created_at,
          ...(email.attachment ? { attachments: await renderAttachments(database, email.attachment) } : {}),
        });
        await markEmailSent(database, email.id);
        run.sent++;
        log.info({ outboxId: email.id, kind: email.kind }, 'email sent');
      } catch (error) {
        const reason = (error as Error).message;
        if (email.attempts >= settings.maxAttempts) {
          await markEmailFailed(database, email.id, reason);
          run.failed++;
          log.error({ outboxId: email.id, attempts: email.attempts, reason }, 'email failed for good');
        } else {
          const delay = settings.retryBaseSeconds * 2 ** (email.attempts - 1);
          await markEmailRetry(database, email.id, reason, delay);
          run.retried++;
          log.error(
            { outboxId: email.id, attempts: email.attempts, retryIn: delay, reason },
            'email try failed',
          );
        }
      }
    }
  }
  run.nextInSeconds = await secondsUntilNextEmail(database);
  return run;
}
