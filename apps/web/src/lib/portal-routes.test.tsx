import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PORTAL_ROUTES, portalPathOf } from './portal-routes';

/** The screen the router itself renders for an address's path (the page's router: wouter). */
function routedScreen(path: string): string | undefined {
  const { unmount } = render(
    <Router hook={memoryLocation({ path }).hook}>
      <Switch>
        {PORTAL_ROUTES.map((route) => (
          <Route key={route.path} path={route.path}>
            <output>{route.path}</output>
          </Route>
        ))}
      </Switch>
    </Router>,
  );
  const shown = screen.queryByRole('status')?.textContent ?? undefined;
  unmount();
  return shown;
}

// Every spelling an address bar can carry for one screen, and some that are another path.
const spellings = (path: string) => [
  path,
  path.toUpperCase(),
  `${path}/`.replace('//', '/'),
  `${path.toUpperCase()}/`.replace('//', '/'),
  path.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`),
  path.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`),
  `${path}//`,
  `${path}x`,
  `${path}/x`,
  `${path}%`,
];

describe('which screen a path is', () => {
  it.each(PORTAL_ROUTES.map((route) => route.path))(
    'is the screen the router renders for every spelling of %s (any case, a trailing slash, percent-encoded), and none where it renders none',
    (path) => {
      for (const spelling of spellings(path))
        expect([spelling, portalPathOf(spelling)]).toEqual([spelling, routedScreen(spelling)]);
      expect(portalPathOf(path.toUpperCase())).toBe(path);
    },
  );
});
