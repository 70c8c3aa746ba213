import { useEffect } from 'react';
import { portalScreen, type PortalPath } from '../../lib/portal-routes';

export function portalTitle(path: PortalPath): string {
  return portalScreen(path).title;
}

export function PageTitle({ path }: { path: PortalPath }) {
  const title = portalTitle(path);
  useEffect(() => {
    document.title = `${title} | enQ Account`;
  }, [title]);
  return <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>;
}
