// Relative: Vite loads its config with Node, which does not run the contract package's TypeScript.
import { PORTAL_DESCRIPTIONS, PORTAL_ROUTES, type PortalPath } from '../src/lib/portal-routes.ts';

/** Text written as HTML: the page's markup must parse to what PageHeader renders (components/ui/page-header.test.tsx). */
const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  );

/** A screen's title element, with the document title PageTitle sets. */
export function screenTitle(path: PortalPath): string {
  return `<title>${escape(PORTAL_ROUTES.find((route) => route.path === path)!.title)} | enQ Account</title>`;
}

/**
 * A screen's title and description (components/ui/page-header.tsx) as HTML, for the outline in
 * index.html: the server writes it into the page for that path, so the heading is painted with the
 * page's first paint instead of once the app's code has run.
 */
export function screenHeading(path: PortalPath): string {
  const title = PORTAL_ROUTES.find((route) => route.path === path)!.title;
  const h1 = `<h1 class="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">${escape(title)}</h1>`;
  const description = PORTAL_DESCRIPTIONS[path];
  return description
    ? `<div>${h1}<p class="mt-1 text-sm text-slate-600">${escape(description)}</p></div>`
    : h1;
}
