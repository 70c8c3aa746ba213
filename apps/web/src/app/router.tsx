import { lazy, type ComponentType } from 'react';
import { AccountLayout } from './account-layout';
import { PORTAL_ROUTES, type PortalPath } from '../lib/portal-routes';
import { AppRouter, Redirect, Route, Switch } from '../lib/router';
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
    // Drawn with the layout, not after a pass of placeholders: that pass kept the first render's tasks
    // short but showed the overview and Call History in 1.15 and 1.19 of the time (docs/performance.md).
    const Loaded = loadedScreen(path);
    return Loaded ? <Loaded /> : <Lazy />;
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
