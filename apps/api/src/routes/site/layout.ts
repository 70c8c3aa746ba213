import type { FastifyReply } from 'fastify';
import { html, type SafeHtml } from '../../html';

/** A page of the local marketing site: its header, the content, its footer. */
export function sitePage(title: string, main: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · enQ</title><link rel="stylesheet" href="/site/site.css"></head>
<body><header class="top"><a class="brand" href="/site/">en<span>Q</span></a>
<nav aria-label="Site"><a href="/site/#pricing">Pricing</a><a href="/site/support">Support</a><a href="/site/signup">Sign up</a><a class="cta" href="/">Account</a></nav></header>
<main>${main}</main><footer>© enQ · Fast access to tax-agency phone lines</footer></body></html>`.toString();
}

/** Sends a page as HTML, never cached: it may name a person or answer a one-time link. */
export function sendPage(reply: FastifyReply, page: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .send(page);
}

/** A page made to sit in another page's frame (the feature-request form): no site header or footer. */
export function embeddedPage(title: string, main: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · enQ</title><link rel="stylesheet" href="/site/site.css">
<script src="/site/frame-height.js" defer></script></head>
<body class="embedded"><main>${main}</main></body></html>`.toString();
}

/**
 * Lets our own origin frame this response (the portal embeds the local feature-request form) while
 * everyone else still may not. Helmet already set the app's policy on the raw response: keep all of
 * it but the ancestors, and say the same in X-Frame-Options for browsers that only read that.
 */
export function allowSameOriginFraming(reply: FastifyReply): FastifyReply {
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  return reply
    .header('content-security-policy', policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
    .header('x-frame-options', 'SAMEORIGIN');
}
