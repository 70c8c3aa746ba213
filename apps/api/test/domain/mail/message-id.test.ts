import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import { renderOutboxAttachments } from '../../../src/domain/attachments';
import { deliverOutbox } from '../../../src/domain/mail/deliver-outbox';
import { queueEmail } from '../../../src/domain/mail/outbox-repository';
import type { MailTransport } from '../../../src/domain/ports/mailer';
import { smtpTransport } from '../../../src/plugins/mailer';
import { openTestDatabase } from '../../helpers/app';
import { startSmtp } from '../../helpers/smtp-server';

type Sent = Parameters<MailTransport['deliver']>[0];

/** Due again at once after a failure (no wait): one delivery run tries an email twice. */
const settings = {
  from: 'enQ <no-reply@enq.example.com>',
  leaseSeconds: 60,
  maxAttempts: 3,
  retryBaseSeconds: 0,
};
const log = { info: () => undefined, error: () => undefined };

describe('an email tried again', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('goes out with the Message-ID of its first try, and an HTML part of the same text', async () => {
    await queueEmail(database, {
      kind: 'test',
      to: 'someone@example.com',
      subject: 'Your <PIN>',
      text: 'Hello,\n\nYour PIN is 1234 5678.\nSee https://example.com/pins?a=1&b=2\n\nenQ',
    });
    const tries: Sent[] = [];
    const transport: MailTransport = {
      async deliver(message) {
        tries.push(message);
        if (tries.length === 1) throw new Error('421 try again later');
      },
    };
    // Due again at once (no wait after a failure here): the same run tries it twice.
    expect(await deliverOutbox(database, transport, settings, log, renderOutboxAttachments)).toMatchObject({
      retried: 1,
      sent: 1,
    });
    expect(tries).toHaveLength(2);
    expect(tries[1]!.messageId).toBe(tries[0]!.messageId);
    expect(tries[0]!.messageId).toMatch(/^<outbox-\d+-\d+@enq\.example\.com>$/);
    const { html } = tries[1]!;
    expect(html).toContain('<title>Your &lt;PIN&gt;</title>');
    expect(html).toContain(
      '<p style="margin:0 0 16px">Your PIN is 1234 5678.<br>See <a href="https://example.com/pins?a=1&amp;b=2">',
    );
  });

  it('through a real SMTP server that refuses the first try, it arrives once with the Message-ID and Date of when it was written', async () => {
    const smtp = await startSmtp(0, { refuse: 1 });
    try {
      await queueEmail(database, {
        kind: 'test',
        to: 'later@example.com',
        subject: 'Retried',
        text: 'Hello',
      });
      // Written an hour before it goes out: RFC 5322's Date is when the message was written.
      const [written] = await database.query<{ created_at: Date }>(
        "update outbox set created_at = created_at - interval '1 hour' where \"to\" = 'later@example.com' returning created_at",
      );
      const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`);
      expect(await deliverOutbox(database, transport, settings, log, renderOutboxAttachments)).toMatchObject({
        retried: 1,
        sent: 1,
      });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.messageId).toMatch(/^<outbox-\d+-\d+@enq\.example\.com>$/);
      // The Date header has whole seconds.
      expect(mail!.date!.getTime()).toBe(Math.floor(written!.created_at.getTime() / 1000) * 1000);
    } finally {
      await smtp.close();
    }
  });
});
