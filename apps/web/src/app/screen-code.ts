import type { ComponentType } from 'react';
import { featureModule, portalPathOf, type PortalPath } from '../lib/portal-routes';

type RouteModule = { Component: ComponentType };

// Each screen's code, features/<feature>/<feature>-route.tsx, as a chunk of its own (Vite's glob
// import, one loader per file): the screens' table names the feature.
const ROUTE_MODULES = import.meta.glob<RouteModule>('../features/*/*-route.tsx');

const loaded = new Map<PortalPath, ComponentType>();

/** The screen's component once its code has arrived (the router then renders it without lazy). */
export function loadedScreen(path: PortalPath): ComponentType | undefined {
  return loaded.get(path);
}

/** The screen's code for a path (already on its way when the boot asked for it), or null. */
export function loadScreen(pathname: string): Promise<RouteModule> | null {
  const path = portalPathOf(pathname);
  if (!path) return null;
  return featureModule(ROUTE_MODULES, path, '-route.tsx')!().then((module) => {
    loaded.set(path, module.Component);
    return module;
  });
}
