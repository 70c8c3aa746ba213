import { LEGAL_MENU, MARKETING_MENUS } from '@enq/contract';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { escapeHtml } from '../idp/pages';
import { SECTION_TEXT } from './content';

const css = readFileSync(new URL('./site.css', import.meta.url), 'utf8');

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · enQ</title><link rel="stylesheet" href="/site/site.css"></head>
<body><header class="top"><a class="brand" href="/site/">en<span>Q</span></a>
<nav aria-label="Site"><a href="/site/#pricing">Pricing</a><a href="/site/support">Support</a><a class="cta" href="/">Account</a></nav></header>
<main>${main}</main><footer>© enQ · Fast access to tax-agency phone lines</footer></body></html>`;
}

/**
 * Stand-ins for the marketing site, support area and admin panel, which are other sites in production
 * (their addresses are configuration); locally they keep every link of the portal alive.
 */
export default async function sitePages(app: FastifyInstance) {
  const anchors = [...MARKETING_MENUS.flatMap((m) => m.items), ...LEGAL_MENU.items];
  const sections = anchors
    .map(
      ({ label, anchor }) =>
        `<section id="${anchor}"><h2>${escapeHtml(label)}</h2><p>${escapeHtml(SECTION_TEXT[anchor] ?? '')}</p></section>`,
    )
    .join('');
  const home = page(
    'Fast access to tax-agency phone lines',
    `<div class="hero"><h1>Skip the hold queue at the tax agency.</h1>
     <p>enQ connects tax professionals to IRS and state tax-agency lines fast, and bills by the credit.</p>
     <a class="cta" href="/">Sign in to your account</a></div>${sections}`,
  );
  app.get('/site/site.css', { schema: { hide: true } }, (_req, reply) => reply.type('text/css').send(css));
  app.get('/site/', { schema: { hide: true } }, (_req, reply) => reply.type('text/html').send(home));
  app.get('/site', { schema: { hide: true } }, (_req, reply) => reply.redirect('/site/'));
  app.get('/site/support', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/html').send(
      page(
        'Support',
        `<div class="hero"><h1>Support</h1><p>${escapeHtml(SECTION_TEXT.support!)}</p>
         <p>Email <a href="mailto:support@enq.example.com">support@enq.example.com</a> or call us on weekdays, 8am to 8pm EST.</p></div>`,
      ),
    ),
  );
  app.get('/site/admin', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('text/html')
      .send(
        page(
          'Admin panel',
          '<div class="hero"><h1>enQ admin panel</h1><p>The operations console for enQ staff runs as a separate application. Configure its address with ADMIN_PANEL_URL.</p></div>',
        ),
      ),
  );
}
