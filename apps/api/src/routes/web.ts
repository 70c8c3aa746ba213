import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isUnder, routerPath, sameRequestOn } from '../plugins/request-path';
import { publicConfig } from './api/v1/config';
import { portalPage } from './portal-page';

const NON_SPA_PREFIXES = ['/api', '/oidc', '/interaction', '/site', '/healthz', '/readyz'];

/**
 * Whether a missing file (a path with an extension) is asked for as a page: a browser opening
 * `/foo.html` names text/html in Accept, and gets the page, whose router sends any unknown path to '/'
 * (SHELL-14). The rest keep their 404: a script, image or stylesheet asks with another Accept, and a
 * missing built asset under /assets (a chunk of an older deploy) must fail as a load error, which the
 * screen's boundary offers to reload (route-fallback.tsx), not arrive as HTML a script tag would run.
 * API paths (/api) answer JSON 404s to their clients whatever they accept (NON_SPA_PREFIXES).
 */
function asksForPage(routed: string, accept: string | undefined): boolean {
  return !isUnder(routed, '/assets') && /(^|,)\s*text\/html\s*(;|,|$)/i.test(accept ?? '');
}

/** The built React app; any other GET that wants HTML gets index.html (history fallback). */
async function webApp(app: FastifyInstance) {
  const dist = app.config.webDist;
  const hasBuild = existsSync(join(dist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/build/precompress.ts): the smallest one the
      // browser accepts is sent as it is, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, path) {
        // Hashed assets never change; index.html must always be fresh so a deploy is picked up.
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ dist }, 'no web build found: run `npm run build` to serve the portal page');
  }
  const sendPage = hasBuild ? portalPage(join(dist, 'index.html'), publicConfig(app.config)) : null;

  // Pages without an icon link of their own (the sign-in page, the local site) make the browser ask.
  app.get('/favicon.ico', { schema: { hide: true } }, (_req, reply) => reply.redirect('/favicon.svg', 301));

  // The sign-in form posts to the public address (its Content-Security-Policy names it): a page opened
  // on another name for the same server (127.0.0.1 for localhost) could not sign in, so it moves first.
  const canonical = new URL(app.config.publicUrl);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    const routed = routerPath(req.url);
    const wantsPage =
      req.method === 'GET' &&
      !NON_SPA_PREFIXES.some((p) => isUnder(routed, p)) &&
      (!/\.[a-z0-9]+$/i.test(routed) || asksForPage(routed, req.headers.accept));
    if (wantsPage && req.host !== canonical.host) {
      // Built from the path alone: `//evil.example/x` read as a URL reference would leave PUBLIC_URL.
      return reply.redirect(sameRequestOn(canonical.origin, req.url), 308);
    }
    if (wantsPage && sendPage) return sendPage(req, reply);
    return reply.code(404).send({ code: 'NOT_FOUND', message: `No such resource: ${req.method} ${path}` });
  });
}

export default fp(webApp, { name: 'web' });
