import { lazy, useDeferredValue, useState, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AccountLayout } from './account-layout';
import { PORTAL_ROUTES, type PortalPath } from '../lib/portal-routes';
import { RouteError, RouteFallback } from './route-fallback';
import { loadedScreen, loadScreen } from './screen-code';

/**
 * React's lazy, not the router's: the router then starts at once and the layout shows (with the
 * screen's title and placeholders) while the screen's code is on its way. A screen whose code is
 * already here renders at once: going through lazy would suspend it anyway, and React holds a
 * suspended boundary's content back for a few hundred milliseconds once its fallback has shown.
 */
function lazyScreen(path: PortalPath): ComponentType {
  const Lazy = lazy(async () => ({ default: (await loadScreen(path))!.Component }));
  return function Screen() {
    const Loaded = loadedScreen(path);
    // Code already here (the boot preloaded it): the first pass shows the placeholders and the screen
    // follows as a transition, which React renders in short slices (Preact at once: app/start.tsx);
    // rendered with the layout, a table of inputs is one long task that holds up the first input. Code
    // not here yet: lazy asks for it in this very pass.
    const ready = useDeferredValue(true, false);
    if (!Loaded) return <Lazy />;
    return ready ? <Loaded /> : <RouteFallback />;
  };
}

export const portalRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AccountLayout,
    children: [
      {
        // Inside the layout: a screen that fails to load or render leaves the shell in place.
        ErrorBoundary: RouteError,
        children: [
          ...PORTAL_ROUTES.map(({ path }): RouteObject =>
            path === '/'
              ? { index: true, Component: lazyScreen(path) }
              : { path: path.slice(1), Component: lazyScreen(path) },
          ),
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export function PortalRouter() {
  // Created on mount, not at import: the sign-in callback rewrites the URL before the portal starts.
  const [router] = useState(() => createBrowserRouter(portalRoutes));
  return <RouterProvider router={router} />;
}
