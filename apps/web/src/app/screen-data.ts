import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { overviewQuery } from '../features/overview/api/get-overview';
import type { PortalPath } from '../lib/portal-routes';
import type { ScreenLoad } from '../lib/screen-load';
import { isPortalPath } from './route-fallback';

type Ask = (context: { client: QueryClient; queryKey: QueryKey; signal: AbortSignal }) => Promise<unknown>;

// The landing page's query is part of the first load (it carries no schemas); the others are
// imported on demand, since their modules bring their screens' schemas with them.
const SCREEN_DATA: Partial<Record<PortalPath, () => Promise<ScreenLoad>>> = {
  '/': () => Promise.resolve({ first: overviewQuery }),
  '/users': () => import('../features/users/api/get-users').then((m) => ({ first: m.usersQuery })),
  '/call-history': () =>
    import('../features/call-history/call-history-first-load').then((m) => m.callHistoryFirstLoad),
  '/subscription': () =>
    import('../features/subscription/api/get-subscription').then((m) => ({ first: m.subscriptionQuery })),
  '/invoices': () =>
    import('../features/invoices/api/get-invoices').then((m) => ({ first: m.invoicesQuery })),
};

/**
 * The first answers a screen waits for, asked at boot beside the screen's code instead of after that
 * code has arrived and rendered. The first is asked at once, side by side with sign-in, and kept only
 * once `customer` confirms the person may have it (a staff identity is refused account paths); until
 * then it stays out of the query cache, whose failures the page reports. A failure is the screen's
 * to show when it asks again.
 */
export async function prefetchScreenData(
  client: QueryClient,
  pathname: string,
  customer: Promise<boolean>,
): Promise<void> {
  const load = isPortalPath(pathname) ? SCREEN_DATA[pathname] : undefined;
  if (!load) return;
  const { first, next } = await load();
  const answer = (first.queryFn as Ask)({
    client,
    queryKey: first.queryKey,
    signal: new AbortController().signal,
  });
  answer.catch(() => undefined);
  if (!(await customer)) return;
  await client.prefetchQuery({ queryKey: first.queryKey, queryFn: () => answer });
  const data = client.getQueryData(first.queryKey);
  if (data === undefined || !next) return;
  const following = next(data as never, new URLSearchParams(window.location.search));
  await Promise.all(
    following.map((query) =>
      client.prefetchQuery(query as FetchQueryOptions<unknown, Error, unknown, QueryKey>),
    ),
  );
}
