import negotiate from '@fastify/accept-negotiator';
import {
  PAGE_TITLE_HTML,
  portalPathKey,
  PUBLIC_CONFIG_ELEMENT_ID,
  SCREEN_HEADING_MARK,
  SCREEN_PAGES_FILE,
  type PublicConfig,
  type ScreenPages,
} from '@enq/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface Bodies {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const brotli = (quality: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

/**
 * index.html as sent for each path, with two things written into it:
 * - the public config, so the page knows where its API is (AUTH-10..12) before any request, instead
 *   of asking /api/v1/config first and the API only after. A JSON script element is data, never run,
 *   so the Content-Security-Policy needs no exception;
 * - for a portal screen's path, the screen's own files (the build's screen-pages.json), so the
 *   browser fetches them beside the entry instead of after the entry has run and asked for them,
 *   and its title and heading, painted with the page's first paint.
 * Each page is built and compressed once, when first asked: neither changes while the process runs.
 */
export function portalPage(indexHtmlPath: string, config: PublicConfig) {
  // Inside a script element only "</" could end it early; \u003c reads the same to JSON.parse.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const element = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  const html = readFileSync(indexHtmlPath, 'utf8');
  const pagesPath = join(dirname(indexHtmlPath), SCREEN_PAGES_FILE);
  const screens: ScreenPages = existsSync(pagesPath) ? JSON.parse(readFileSync(pagesPath, 'utf8')) : {};
  const pages = new Map<string, Bodies>();

  // Any spelling of a screen's path that the page's router shows as that screen gets its page.
  const pageFor = (path: string): Bodies => {
    const screen = portalPathKey(path);
    const key = Object.hasOwn(screens, screen) ? screen : '';
    const known = pages.get(key);
    if (known) return known;
    const identity = Buffer.from(
      key ? screenPage(html, screens[key]!, element) : withConfig(html, element, PAGE_TITLE_HTML),
    );
    // Brotli at its strongest takes ~70 ms, about 10% smaller than at 5 (~2 ms): the first answer
    // is made at 5 and replaced once the strongest is made off the event loop.
    const bodies: Bodies = {
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      br: brotliCompressSync(identity, brotli(5)),
    };
    brotliCompress(identity, brotli(constants.BROTLI_MAX_QUALITY), (error, br) => {
      if (!error) bodies.br = br;
    });
    pages.set(key, bodies);
    return bodies;
  };

  return (req: FastifyRequest, reply: FastifyReply) => {
    const bodies = pageFor(req.url.split('?', 1)[0]!);
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

/**
 * The config goes right after the title, before the entry's script tag and the inline styles: the
 * entry runs as soon as it arrives, which can be while the parser is still in the styles, and asks
 * the first answers only if the config is already in the document (app/early-boot.ts).
 */
const withConfig = (html: string, element: string, title: string) =>
  html.replace(PAGE_TITLE_HTML, () => `${title}${element}`);

/**
 * A screen's page: its title, its files preloaded (`crossorigin`, as Vite writes the entry's own, so
 * the module fetch finds what was preloaded) and its heading in the outline. All of it comes from the
 * build (screen-pages.json), written as HTML there.
 */
function screenPage(html: string, screen: ScreenPages[string], element: string): string {
  const links = [
    ...screen.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...screen.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ].join('');
  return withConfig(html, element, screen.title)
    .replace('</head>', () => `${links}</head>`)
    .replace(SCREEN_HEADING_MARK, () => screen.heading);
}
