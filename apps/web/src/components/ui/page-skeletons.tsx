import { portalScreen, type PortalPath } from '../../lib/portal-routes';
import { SkeletonStatus } from './skeleton';

/** The placeholders of a screen's body (the screens' table names them), announced once as `label`. */
export function PageSkeleton({ path, label }: { path: PortalPath; label: string }) {
  const Body = portalScreen(path).skeleton;
  return (
    <SkeletonStatus label={label}>
      <Body />
    </SkeletonStatus>
  );
}
