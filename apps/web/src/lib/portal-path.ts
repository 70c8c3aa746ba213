import { portalPathKey } from '@enq/contract';
import { PORTAL_ROUTES, type PortalPath } from './portal-routes';

// Apart from the routes' list, which the build reads (build/screen-pages.ts) and which so imports
// nothing.
const PATHS = new Map<string, PortalPath>(PORTAL_ROUTES.map((route) => [route.path, route.path]));

/** The screen an address's path shows, however it is spelled (portalPathKey), or undefined. */
export const portalPathOf = (path: string): PortalPath | undefined => PATHS.get(portalPathKey(path));
