import type { FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route checks a signed form token itself (plugins/site/form-token.ts), so a POST from a
     * sandboxed frame, whose origin is opaque (`Origin: null`), may reach it.
     */
    formToken?: boolean;
  }
}

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
 * strip it); a POST with neither is refused too, as no page of ours sends one. The one exception is a
 * form framed in a sandbox without allow-same-origin: it can only say `Origin: null`, and its route
 * takes it only with the form's token.
 */
export function formOriginGuard(publicUrl: string) {
  const allowed = allowedOrigins(publicUrl);
  return async (req: FastifyRequest) => {
    if (req.method !== 'POST') return;
    const origin = req.headers.origin && req.headers.origin !== 'null' ? req.headers.origin : null;
    const from = origin ?? originOf(req.headers.referer);
    if (!from && req.headers.origin === 'null' && req.routeOptions.config?.formToken) return;
    if (!from || !allowed.has(from)) {
      throw new DomainError(
        'forbidden',
        'This form was sent from another site. Open the page again and send it from there.',
      );
    }
  };
}
