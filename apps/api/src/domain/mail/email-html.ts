import { html, type SafeHtml } from '../../html';

const URL_IN_TEXT = /(https?:\/\/[^\s<>"]+)/g;

/** A plain-text email's text with its web addresses as links, escaped everywhere else. */
export function linkedText(text: string): SafeHtml {
  const parts = text.split(URL_IN_TEXT);
  return html`${parts.map((part, i) => (i % 2 === 1 ? html`<a href="${part}">${part}</a>` : part))}`;
}

/**
 * The HTML part of an email, made from its text (the text stays the source): paragraphs where the text
 * has blank lines, line breaks within them, links clickable. Inline styles only: mail programs drop
 * style sheets.
 */
export function emailHtml(subject: string, text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        html`<p style="margin:0 0 16px">${paragraph.split('\n').map((line, i) => html`${i ? html`<br>` : ''}${linkedText(line)}`)}</p>`,
    );
  return html`<!doctype html><html><head><meta charset="utf-8"><title>${subject}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<div style="font-size:20px;font-weight:700;margin-bottom:16px">en<span style="color:#2563eb">Q</span></div>
${paragraphs}</div></body></html>`.toString();
}

/**
 * One Message-ID per email, whatever the number of tries: its outbox id and when it was written, at the
 * sender's domain. A receiver then sees a resend as the same message, never as a new one.
 */
export function emailMessageId(email: { id: number; created_at: Date | string }, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'enq.invalid';
  return `<outbox-${email.id}-${new Date(email.created_at).getTime()}@${domain}>`;
}
