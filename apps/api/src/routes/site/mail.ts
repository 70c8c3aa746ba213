import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { renderOutboxAttachment } from '../../domain/attachments';
import { findEmail, newestEmails, type KeptEmail, linkedText } from '../../domain/mail';
import { html, trustedHtml } from '../../html';
import { sendPage, sitePage } from './layout';

/** The most emails the list shows. */
const LISTED = 200;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const idParams = z.object({ id: z.coerce.number().int().positive() });
/** The email a path names, or null (an id that is no number names none). */
async function emailOf(app: FastifyInstance, params: unknown) {
  const parsed = idParams.safeParse(params);
  return parsed.success ? findEmail(app.database, parsed.data.id) : null;
}

const when = (at: Date | string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(at));

function listPage(emails: KeptEmail[]): string {
  const rows = emails.map(
    (e) => html`<tr>
      <td>${when(e.created_at)}</td><td>${e.to}</td>
      <td><a href="/site/mail/${e.id}">${e.subject}</a></td><td>${e.status}</td>
    </tr>`,
  );
  return sitePage(
    'Emails sent',
    html`<div class="hero"><h1>Emails sent</h1>
      <p>What the portal sent, newest first: without <code>SMTP_URL</code> the emails stay here to read.</p></div>
      ${
        emails.length === 0
          ? html`<p>No emails yet.</p>`
          : html`<table class="mail"><caption class="sr-only">Emails</caption>
            <thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead>
            <tbody>${rows}</tbody></table>`
      }`,
  );
}

function emailPage(e: KeptEmail, from: string): string {
  return sitePage(
    e.subject,
    html`<p><a href="/site/mail">All emails</a></p>
      <h1>${e.subject}</h1>
      <dl class="mail-headers">
        <dt>From</dt><dd>${from}</dd><dt>To</dt><dd>${e.to}</dd><dt>Date</dt><dd>${when(e.created_at)}</dd>
        <dt>Status</dt><dd>${e.status}${e.error ? html` (${e.error})` : ''}</dd>
        ${e.attachment ? html`<dt>Attachment</dt><dd><a href="/site/mail/${e.id}/attachment">Download</a></dd>` : trustedHtml('')}
      </dl>
      <pre class="mail-text">${linkedText(e.text)}</pre>`,
  );
}

/** Where the outbox can be read (the banner links it), or null: only without SMTP, and never in production. */
export function mailViewerUrl(config: { smtpUrl?: string | undefined; env: string; publicUrl: string }) {
  return !config.smtpUrl && config.env !== 'production' ? `${config.publicUrl}/site/mail` : null;
}

/**
 * The outbox to read, on the embedded defaults (no SMTP_URL, not production): every email the portal
 * sent, with its links (password reset, sign-up) clickable and its attachment. It holds those links and
 * PINs, so it answers only a browser on this machine (the socket's own address, never a forwarded one).
 */
export default async function mailPages(app: FastifyInstance) {
  const local = async (req: FastifyRequest, reply: FastifyReply) => {
    // A proxy on this machine connects from loopback too: what it forwards comes from elsewhere.
    const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
    if (forwarded || !LOOPBACK.has(req.socket.remoteAddress ?? '')) return reply.callNotFound();
  };
  app.get('/site/mail', { schema: { hide: true }, onRequest: local }, async (_req, reply) =>
    sendPage(reply, listPage(await newestEmails(app.database, LISTED))),
  );
  app.get('/site/mail/:id', { schema: { hide: true }, onRequest: local }, async (req, reply) => {
    const email = await emailOf(app, req.params);
    if (!email) return reply.callNotFound();
    return sendPage(reply, emailPage(email, app.config.mail.from));
  });
  app.get('/site/mail/:id/attachment', { schema: { hide: true }, onRequest: local }, async (req, reply) => {
    const email = await emailOf(app, req.params);
    if (!email?.attachment) return reply.callNotFound();
    const file = await renderOutboxAttachment(app.database, email.attachment);
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.content);
  });
}
