import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { smtpTransport } from '../../src/plugins/mailer';
import { startSmtp, type LocalSmtp } from '../helpers/smtp-server';

const message = (to: string) => ({
  from: 'enQ <no-reply@enq.example.com>',
  to,
  subject: 'Hello',
  text: 'Hello',
  html: '<p>Hello</p>',
  messageId: `<${to}@enq.example.com>`,
  date: new Date(),
});

/**
 * A mail server with a certificate nobody issued (self-signed, made here by openssl), offering STARTTLS
 * as most do: nodemailer upgrades to it and verifies it, so a newcomer's local server needs
 * SMTP_TLS_CA (trust this certificate) or SMTP_TLS=off (no TLS at all).
 */
describe('sending through a mail server with a self-signed certificate', () => {
  let dir: string;
  let smtp: LocalSmtp;
  let url: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'enq-smtp-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    smtp = await startSmtp(0, {
      tls: {
        key: readFileSync(join(dir, 'key.pem'), 'utf8'),
        cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
      },
    });
    url = `smtp://127.0.0.1:${smtp.port}`;
  });
  afterAll(async () => {
    await smtp?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const configured = (env: Record<string, string>) => loadConfig({ SMTP_URL: url, ...env });

  it('by default the unknown certificate is refused, and nothing is delivered', async () => {
    const config = configured({});
    const send = smtpTransport(config.smtpUrl!, config.smtpTls).deliver(message('refused@example.com'));
    await expect(send).rejects.toThrow(/certificate/i);
    expect(smtp.received.map((m) => m.messageId)).not.toContain('<refused@example.com@enq.example.com>');
  });

  it('SMTP_TLS_CA trusts it: delivered over TLS', async () => {
    const config = configured({ SMTP_TLS_CA: join(dir, 'cert.pem') });
    await smtpTransport(config.smtpUrl!, config.smtpTls).deliver(message('trusted@example.com'));
    const at = smtp.received.findIndex((m) => m.messageId === '<trusted@example.com@enq.example.com>');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(smtp.secure.at(-1)).toBe(true);
  });

  it('SMTP_TLS=off sends in the clear to a local server', async () => {
    const config = configured({ SMTP_TLS: 'off' });
    await smtpTransport(config.smtpUrl!, config.smtpTls).deliver(message('clear@example.com'));
    expect(smtp.received.at(-1)!.messageId).toBe('<clear@example.com@enq.example.com>');
    expect(smtp.secure.at(-1)).toBe(false);
  });

  it('a CA file that cannot be read is a configuration error naming SMTP_TLS_CA', () => {
    expect(() => configured({ SMTP_TLS_CA: join(dir, 'missing.pem') })).toThrow(
      /SMTP_TLS_CA: cannot read the file/,
    );
  });
});
