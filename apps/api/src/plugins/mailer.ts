import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Transactional } from '../db/handle';
import { markEmailFailed, markEmailSent, queueEmail } from '../domain/mail/outbox-repository';
import type { Mailer } from '../domain/ports/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const FROM = 'enQ <no-reply@enq.example.com>';

export function createMailer(
  database: Transactional,
  smtpUrl: string | undefined,
  log: FastifyInstance['log'],
): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(email) {
      const id = await queueEmail(database, email);
      log.info({ outboxId: id, kind: email.kind }, 'email queued');
      if (!transport) return;
      try {
        await transport.sendMail({ from: FROM, to: email.to, subject: email.subject, text: email.text });
        await markEmailSent(database, id);
      } catch (error) {
        log.error({ err: error, outboxId: id }, 'email delivery failed');
        await markEmailFailed(database, id, (error as Error).message);
      }
    },
  };
}

async function mailerPlugin(app: FastifyInstance) {
  app.decorate('mailer', createMailer(app.database, app.config.smtpUrl, app.log));
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['db'] });
