import negotiate from '@fastify/accept-negotiator';
import { PAGE_TITLE_HTML, PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@enq/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface Bodies {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * index.html as sent for every page path, with the public config written into it, so the page knows
 * where its API is (AUTH-10..12) before any request, instead of asking /api/v1/config first and the
 * API only after. A JSON script element is data, never run, so the Content-Security-Policy needs no
 * exception. Built and compressed once, at start: neither changes while the process runs.
 */
export function portalPage(indexHtmlPath: string, config: PublicConfig) {
  // Inside a script element only "</" could end it early; \u003c reads the same to JSON.parse.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const element = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  // Right after the title, before the entry's script tag, which reads it.
  const html = readFileSync(indexHtmlPath, 'utf8').replace(
    PAGE_TITLE_HTML,
    () => `${PAGE_TITLE_HTML}${element}`,
  );
  const identity = Buffer.from(html);
  const bodies: Bodies = {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
  };

  return (req: FastifyRequest, reply: FastifyReply) => {
    const encoding = (negotiate(req.headers['accept-encoding'] ?? '', ['br', 'gzip', 'identity']) ??
      'identity') as keyof Bodies;
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(bodies[encoding]);
  };
}
