import type { ComponentType } from 'react';
import { portalPathOf } from '../lib/portal-path';
import type { PortalPath } from '../lib/portal-routes';

type RouteModule = { Component: ComponentType };

// One literal import() per screen so Vite emits each screen as its own chunk.
const SCREENS: Record<PortalPath, () => Promise<RouteModule>> = {
  '/': () => import('../features/overview/overview-route'),
  '/lines': () => import('../features/lines/lines-route'),
  '/pdf': () => import('../features/pdf/pdf-route'),
  '/profile': () => import('../features/profile/profile-route'),
  '/billing': () => import('../features/billing/billing-route'),
  '/users': () => import('../features/users/users-route'),
  '/call-rates': () => import('../features/call-rates/call-rates-route'),
  '/call-history': () => import('../features/call-history/call-history-route'),
  '/subscription': () => import('../features/subscription/subscription-route'),
  '/invoices': () => import('../features/invoices/invoices-route'),
  '/referral': () => import('../features/referral/referral-route'),
  '/feature-request': () => import('../features/feature-request/feature-request-route'),
};

const loaded = new Map<PortalPath, ComponentType>();

/** The screen's component once its code has arrived (the router then renders it without lazy). */
export function loadedScreen(path: PortalPath): ComponentType | undefined {
  return loaded.get(path);
}

/** The screen's code for a path (already on its way when the boot preloaded it), or null. */
export function loadScreen(pathname: string): Promise<RouteModule> | null {
  const path = portalPathOf(pathname);
  if (!path) return null;
  return SCREENS[path]().then((module) => {
    loaded.set(path, module.Component);
    return module;
  });
}
