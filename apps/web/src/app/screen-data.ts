import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { overviewQuery } from '../features/overview/api/get-overview';
import type { PortalPath } from '../lib/portal-routes';
import { isPortalPath } from './route-fallback';

/** A screen's queryOptions; its queryFn reads only the signal of the context it is given. */
interface ScreenQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}
type Ask = (context: { client: QueryClient; queryKey: QueryKey; signal: AbortSignal }) => Promise<unknown>;

// The landing page's query is part of the first load (it carries no schemas); the others are
// imported on demand, since their modules bring their screens' schemas with them.
const SCREEN_DATA: Partial<Record<PortalPath, () => Promise<ScreenQuery>>> = {
  '/': () => Promise.resolve(overviewQuery),
  '/users': () => import('../features/users/api/get-users').then((m) => m.usersQuery),
  '/call-history': () => import('../features/call-history/api/get-call-dates').then((m) => m.callDatesQuery),
  '/subscription': () =>
    import('../features/subscription/api/get-subscription').then((m) => m.subscriptionQuery),
  '/invoices': () => import('../features/invoices/api/get-invoices').then((m) => m.invoicesQuery),
};

/**
 * The first answer a screen waits for, asked at boot beside the screen's code instead of after that
 * code has arrived and rendered. It is asked at once, side by side with sign-in, and kept only once
 * `customer` confirms the person may have it (a staff identity is refused account paths); until then
 * it stays out of the query cache, whose failures the page reports. A failure is the screen's to show
 * when it asks again.
 */
export async function prefetchScreenData(
  client: QueryClient,
  pathname: string,
  customer: Promise<boolean>,
): Promise<void> {
  const load = isPortalPath(pathname) ? SCREEN_DATA[pathname] : undefined;
  if (!load) return;
  const { queryKey, queryFn } = await load();
  const answer = (queryFn as Ask)({ client, queryKey, signal: new AbortController().signal });
  answer.catch(() => undefined);
  if (await customer) await client.prefetchQuery({ queryKey, queryFn: () => answer });
}
