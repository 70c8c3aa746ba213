import { lazy, useDeferredValue, type ComponentType } from 'react';
import { AccountLayout } from './account-layout';
import { PORTAL_ROUTES, type PortalPath } from '../lib/portal-routes';
import { AppRouter, Redirect, Route, Switch } from '../lib/router';
import { RouteFallback } from './route-fallback';
import { loadedScreen, loadScreen } from './screen-code';

/**
 * React's lazy: the router starts at once and the layout shows (with the screen's title and
 * placeholders) while the screen's code is on its way. A screen whose code is already here renders
 * at once: going through lazy would suspend it anyway, and React holds a suspended boundary's content
 * back for a few hundred milliseconds once its fallback has shown.
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

const SCREENS = PORTAL_ROUTES.map(({ path }) => ({ path, Screen: lazyScreen(path) }));

/** The portal's screens in the signed-in shell; an unknown path goes to the overview. */
export function PortalRoutes() {
  return (
    <AccountLayout>
      <Switch>
        {SCREENS.map(({ path, Screen }) => (
          <Route key={path} path={path} component={Screen} />
        ))}
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </AccountLayout>
  );
}

export function PortalRouter() {
  return (
    <AppRouter>
      <PortalRoutes />
    </AppRouter>
  );
}
