import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** PUBLIC_URL's origin; locally localhost and 127.0.0.1 are the same portal (as for the redirect URIs). */
function allowedOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  const alias = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[url.hostname];
  if (alias) origins.add(`${url.protocol}//${alias}${url.port ? `:${url.port}` : ''}`);
  return origins;
}

function originOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * onRequest hook for pages with forms: a POST must say it comes from one of the portal's own pages.
 * Browsers send Origin with every form POST (Referer is the fallback for the few that send "null" or
 * strip it); a POST with neither is refused too, as no page of ours sends one.
 */
export function formOriginGuard(publicUrl: string) {
  const allowed = allowedOrigins(publicUrl);
  return async (req: FastifyRequest) => {
    if (req.method !== 'POST') return;
    const origin = req.headers.origin && req.headers.origin !== 'null' ? req.headers.origin : null;
    const from = origin ?? originOf(req.headers.referer);
    if (!from || !allowed.has(from)) {
      throw new HttpError(
        403,
        'This form was sent from another site. Open the page again and send it from there.',
      );
    }
  };
}
