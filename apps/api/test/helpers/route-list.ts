import type { App } from '../../src/app';

export interface RouteEntry {
  method: string;
  /** The route's path as registered, with `:params` and `*` as they are. */
  url: string;
}

const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?) \(([A-Z, ]+)\)$/;

/** Every method and path of the app's router, read from printRoutes' tree (one route per method). */
export function routesOf(app: App): RouteEntry[] {
  const stack: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of match[3]!.split(', ')) routes.push({ method, url });
  }
  return routes;
}

/** The embedded provider's paths under /oidc (oidc-provider's routes; disabled ones answer 404). */
export const PROVIDER_PATHS = [
  '/.well-known/openid-configuration',
  '/auth',
  '/auth/:uid',
  '/token',
  '/token/introspection',
  '/token/revocation',
  '/me',
  '/jwks',
  '/session/end',
  '/session/end/confirm',
  '/session/end/success',
  '/backchannel',
  '/device',
  '/device/auth',
  '/challenge',
  '/request',
  '/reg',
  '/reg/:id',
  '/credential',
].map((path) => `/oidc${path}`);
