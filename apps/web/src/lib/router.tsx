import { portalPathKey } from '@enq/contract';
import {
  createContext,
  useContext,
  useEffect,
  useState,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';
import { Link, Router, useLocation, type BaseLocationHook, type RouterProps } from 'wouter';

export { Link, Redirect, Route, Switch, useParams, useSearchParams } from 'wouter';

/**
 * The portal's routing: wouter, whose Link, Switch and hooks cost a fraction of a data router's in the
 * first render (docs/performance.md), plus what it leaves out: a guard that holds a navigation while a
 * form has unsaved changes (LeavePrompt), and NavLink's active state.
 */

/** A held navigation: the guard's owner asks, then goes on or stays. */
interface Guard {
  /** Whether this navigation has to wait for an answer. */
  holds: (to: string) => boolean;
  hold: (go: () => void) => void;
}

type Guards = Set<Guard>;
const GuardsContext = createContext<Guards>(new Set());

function firstHolding(guards: Guards, to: string): Guard | undefined {
  for (const guard of guards) if (guard.holds(to)) return guard;
  return undefined;
}

/** The address bar's path, search and hash: what the router shows. */
const here = () => `${location.pathname}${location.search}${location.hash}`;

/**
 * The router every app of this page renders in. `hook` is for tests (a memory location); without one
 * it follows the address bar, and the browser's Back and Forward are held by a guard too: the address
 * is put back while the person answers.
 */
export function AppRouter({
  hook,
  searchHook,
  children,
}: {
  hook?: BaseLocationHook;
  searchHook?: RouterProps['searchHook'];
  children: ReactNode;
}) {
  // One router for the page's life: wouter gives its routes a new context whenever an option changes.
  const [{ guards, aroundNav }] = useState(() => {
    const held: Guards = new Set();
    const wrap: NonNullable<RouterProps['aroundNav']> = (navigate, to, options) => {
      const guard = firstHolding(held, to);
      if (guard) guard.hold(() => navigate(to, options));
      else navigate(to, options);
    };
    return { guards: held, aroundNav: wrap };
  });
  useEffect(() => {
    if (hook) return;
    let shown = here();
    const followed = () => (shown = here());
    // Capture on window runs before wouter's own listener, which would draw the new page.
    const onPopState = (event: PopStateEvent) => {
      const to = here();
      const guard = firstHolding(guards, to);
      if (!guard) return void (shown = to);
      event.stopImmediatePropagation();
      history.pushState(null, '', shown);
      guard.hold(() => history.pushState(null, '', to));
    };
    addEventListener('popstate', onPopState, true);
    // wouter announces its own pushState and replaceState with these events.
    addEventListener('pushState', followed);
    addEventListener('replaceState', followed);
    return () => {
      removeEventListener('popstate', onPopState, true);
      removeEventListener('pushState', followed);
      removeEventListener('replaceState', followed);
    };
  }, [guards, hook]);
  return (
    <GuardsContext.Provider value={guards}>
      <Router {...(hook ? { hook } : {})} {...(searchHook ? { searchHook } : {})} aroundNav={aroundNav}>
        {children}
      </Router>
    </GuardsContext.Provider>
  );
}

/**
 * Holds every navigation to another path while `when` is true. `held` is set while one waits:
 * `proceed` goes on with it, `reset` stays.
 */
export function useNavigationGuard(when: boolean): { held: boolean; proceed: () => void; reset: () => void } {
  const guards = useContext(GuardsContext);
  const [pathname] = useLocation();
  const [pending, setPending] = useState<{ go: () => void } | null>(null);
  useEffect(() => {
    if (!when) return;
    const guard: Guard = {
      holds: (to) =>
        portalPathKey(new URL(to, `http://portal${pathname}`).pathname) !== portalPathKey(pathname),
      hold: (go) => setPending({ go }),
    };
    guards.add(guard);
    return () => void guards.delete(guard);
  }, [guards, when, pathname]);
  return {
    held: pending !== null,
    proceed: () => {
      setPending(null);
      pending?.go();
    },
    reset: () => setPending(null),
  };
}

/** The function that navigates, as wouter's useLocation gives it. */
export function useNavigate() {
  return useLocation()[1];
}

/** The path shown, without search or hash. */
export function usePathname(): string {
  return useLocation()[0];
}

/**
 * A link that knows when its page is shown: `aria-current="page"`, and the class and content it asks
 * for. `end` matches only the path itself, else its subpaths too; `/USERS/` shows `/users`, as the
 * routes match it.
 */
export function NavLink({
  to,
  end = false,
  className,
  children,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'children' | 'href'> & {
  to: string;
  end?: boolean;
  className: (active: boolean) => string;
  children: ReactNode | ((active: boolean) => ReactNode);
}) {
  const current = portalPathKey(usePathname());
  const target = portalPathKey(to);
  const active = current === target || (!end && current.startsWith(target === '/' ? '/' : `${target}/`));
  return (
    <Link to={to} className={className(active)} aria-current={active ? 'page' : undefined} {...rest}>
      {typeof children === 'function' ? children(active) : children}
    </Link>
  );
}
