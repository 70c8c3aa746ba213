import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { AppRouter, Route, Switch, useNavigate } from '../lib/router';

/** A page the test mounts at a path; the first route that matches is drawn. */
export interface TestRoute {
  path: string;
  element: ReactNode;
}

export interface TestLocation {
  pathname: string;
  search: string;
  hash: string;
}

type Navigate = (to: string, options?: { replace?: boolean }) => void;

export interface TestRouter {
  routes: TestRoute[];
  /** Where the router is, and how it got there ('POP' for the first entry). */
  state: { location: TestLocation; historyAction: 'POP' | 'PUSH' | 'REPLACE' };
  /** Navigates as the app does, through any guard (LeavePrompt). */
  navigate: Navigate;
  hook: () => [string, Navigate];
  searchHook: () => string;
  /** Handed the app's navigate once the router is drawn. */
  connect: (navigate: Navigate) => void;
}

function parse(to: string, from: TestLocation): TestLocation {
  const url = new URL(to, `http://portal${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** A router in memory for one test, at the last of `initialEntries`. */
export function createMemoryRouter(
  routes: TestRoute[],
  { initialEntries = ['/'] }: { initialEntries?: string[] } = {},
): TestRouter {
  let listeners: (() => void)[] = [];
  const subscribe = (listener: () => void) => {
    listeners = [...listeners, listener];
    return () => void (listeners = listeners.filter((l) => l !== listener));
  };
  const root: TestLocation = { pathname: '/', search: '', hash: '' };
  let appNavigate: Navigate | null = null;
  function useMemoryLocation(): [string, Navigate] {
    return [useSyncExternalStore(subscribe, () => router.state.location.pathname), move];
  }
  function useMemorySearch(): string {
    return useSyncExternalStore(subscribe, () => router.state.location.search);
  }
  const router: TestRouter = {
    routes,
    state: { location: parse(initialEntries.at(-1) ?? '/', root), historyAction: 'POP' },
    navigate: (to, options) => {
      if (!appNavigate) throw new Error('The router is not drawn');
      appNavigate(to, options);
    },
    hook: useMemoryLocation,
    searchHook: useMemorySearch,
    connect: (navigate) => void (appNavigate = navigate),
  };
  function move(to: string, options?: { replace?: boolean }) {
    router.state = {
      location: parse(to, router.state.location),
      historyAction: options?.replace ? 'REPLACE' : 'PUSH',
    };
    listeners.forEach((listener) => listener());
  }
  return router;
}

function Bridge({ connect }: { connect: TestRouter['connect'] }) {
  const navigate = useNavigate();
  useEffect(() => connect(navigate), [connect, navigate]);
  return null;
}

/** Draws the router's routes. */
export function RouterProvider({ router }: { router: TestRouter }) {
  return (
    <AppRouter hook={router.hook} searchHook={router.searchHook}>
      <Bridge connect={router.connect} />
      <Switch>
        {router.routes.map(({ path, element }) => (
          <Route key={path} path={path}>
            {element}
          </Route>
        ))}
      </Switch>
    </AppRouter>
  );
}
