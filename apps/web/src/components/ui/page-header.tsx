import { portalScreen, type PortalPath } from '../../lib/portal-routes';
import { PageTitle } from './page-title';

/** A screen's title and, where it has one, the line that says what the screen is for. */
export function PageHeader({ path }: { path: PortalPath }) {
  const { description } = portalScreen(path);
  if (!description) return <PageTitle path={path} />;
  return (
    <div>
      <PageTitle path={path} />
      <p className="mt-1 text-sm text-slate-600">{description}</p>
    </div>
  );
}
