import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Transactional } from '../db/handle';
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
      const [row] = await database.query<{ id: number }>(
        'insert into outbox (account_id, kind, "to", subject, text) values ($1, $2, $3, $4, $5) returning id',
        [email.accountId ?? null, email.kind, email.to, email.subject, email.text],
      );
      log.info({ outboxId: row!.id, kind: email.kind }, 'email queued');
      if (!transport) return;
      try {
        await transport.sendMail({ from: FROM, to: email.to, subject: email.subject, text: email.text });
        await database.query('update outbox set sent_at = now() where id = $1', [row!.id]);
      } catch (error) {
        log.error({ err: error, outboxId: row!.id }, 'email delivery failed');
        await database.query('update outbox set error = $2 where id = $1', [
          row!.id,
          (error as Error).message,
        ]);
      }
    },
  };
}

async function mailerPlugin(app: FastifyInstance) {
  app.decorate('mailer', createMailer(app.database, app.config.smtpUrl, app.log));
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['db'] });
