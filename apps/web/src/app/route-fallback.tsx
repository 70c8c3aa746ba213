import { Component, type ReactNode } from 'react';
import { portalPathOf } from '../lib/portal-routes';
import type { PortalPath } from '../lib/portal-routes';
import { usePathname } from '../lib/router';
import { LoadError } from '../components/ui/load-error';
import { PageHeader } from '../components/ui/page-header';
import { PageSkeleton } from '../components/ui/page-skeletons';
import { portalTitle } from '../components/ui/page-title';

/** The fallback's status: distinct from the screens' own ("Loading invoices"), which follow it. */
export const screenLoadingLabel = (path: PortalPath) => `Loading the ${portalTitle(path)} page`;

function useScreenPath(): PortalPath {
  return portalPathOf(usePathname()) ?? '/';
}

/**
 * What the layout shows while a screen's code loads: the screen's own title and description, and
 * placeholders shaped like its content, which the screen keeps showing while its data loads.
 */
export function RouteFallback() {
  const path = useScreenPath();
  return (
    <div className="space-y-6">
      <PageHeader path={path} />
      <PageSkeleton path={path} label={screenLoadingLabel(path)} />
    </div>
  );
}

/**
 * A screen that failed to load (its code did not arrive) or to render: the layout stays, and Retry
 * loads the page again, which fetches the code again.
 */
export function RouteError() {
  const path = useScreenPath();
  return (
    <div className="space-y-6">
      <PageHeader path={path} />
      <LoadError onRetry={() => window.location.reload()} />
    </div>
  );
}

/** Around one screen: what it throws while loading or rendering shows RouteError inside the layout. */
export class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
