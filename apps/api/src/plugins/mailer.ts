import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import type { Transactional } from '../db/handle';
import { queueEmail } from '../domain/mail/outbox-repository';
import type { MailTransport, Mailer } from '../domain/ports/mailer';
import { inTransaction, QUEUES } from '../jobs/job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** SMTP through nodemailer when SMTP_URL is set; without it emails stay queued in the outbox. */
    mailTransport: MailTransport | null;
  }
}

/**
 * SMTP through nodemailer, with timeouts: a mail server that hangs gives the delivery job an error.
 * nodemailer loads with the first email, not with every process (its import took 0.12 s of a start).
 */
export function smtpTransport(
  smtpUrl: string,
  tls: { ca?: string | undefined; mode: 'auto' | 'off' } = { mode: 'auto' },
): MailTransport {
  let transport: Promise<Transporter> | undefined;
  return {
    async deliver(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
          // By default a server offering STARTTLS is upgraded to and its certificate verified, against
          // SMTP_TLS_CA when set; SMTP_TLS=off sends in the clear, for a local server only.
          ...(tls.mode === 'off' ? { ignoreTLS: true } : {}),
          ...(tls.ca ? { tls: { ca: tls.ca } } : {}),
        }),
      );
      await (await transport).sendMail(message);
    },
  };
}

async function mailerPlugin(app: FastifyInstance) {
  const transport = app.config.smtpUrl ? smtpTransport(app.config.smtpUrl, app.config.smtpTls) : null;
  app.decorate('mailTransport', transport);
  // The delivery job, sent in the same transaction: it exists exactly when the email does.
  const wake = async (tx: Transactional) => {
    if (transport && app.jobQueue)
      await app.jobQueue.send(QUEUES.mail, {}, { singletonKey: 'now', db: inTransaction(tx) });
  };
  const write = async (tx: Transactional, email: Parameters<Mailer['send']>[0]) => {
    const id = await queueEmail(tx, email);
    await wake(tx);
    app.log.info({ outboxId: id, kind: email.kind }, 'email queued');
  };
  app.decorate('mailer', {
    async send(email, tx) {
      if (tx) await write(tx, email);
      else await app.database.transaction((own) => write(own, email));
    },
    async wake(tx) {
      await wake(tx ?? app.database);
    },
  } satisfies Mailer);
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['db', 'jobs'] });
