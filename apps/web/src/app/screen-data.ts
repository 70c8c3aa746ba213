import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { featureModule, portalPathOf } from '../lib/portal-routes';
import type { BootQuery, ScreenLoad } from '../lib/screen-load';

type Ask = (context: { client: QueryClient; queryKey: QueryKey; signal: AbortSignal }) => Promise<unknown>;

// What each screen asks first, features/<feature>/<feature>-first-load.ts where it has one (Vite's
// glob import): part of the first load, so these modules carry no schemas (the paths are in the
// contract's paths.ts). Call History's follow-up needs its date rules, so it is imported on demand,
// by then beside the screen's own code.
const FIRST_LOADS = import.meta.glob<ScreenLoad>('../features/*/*-first-load.ts', {
  eager: true,
  import: 'firstLoad',
});

/**
 * The first answers a screen waits for, asked at boot beside the screen's code instead of after that
 * code has arrived and rendered. The first is asked once `configured` says where the API is, side by
 * side with sign-in, and kept only once `customer` confirms the person may have it (a staff identity
 * is refused account paths); until then it stays out of the query cache, whose failures the page
 * reports. A failure is the screen's to show when it asks again.
 */
export async function prefetchScreenData(
  client: QueryClient,
  pathname: string,
  configured: Promise<boolean>,
  customer: Promise<boolean>,
): Promise<void> {
  const load = screenLoad(pathname);
  if (!load || !(await configured)) return;
  const { first } = load;
  const answer = (first.queryFn as Ask)({
    client,
    queryKey: first.queryKey,
    signal: new AbortController().signal,
  });
  answer.catch(() => undefined);
  if (!(await customer)) return;
  await client.prefetchQuery({ queryKey: first.queryKey, queryFn: () => answer });
  await prefetchNext(client, load, new URLSearchParams(window.location.search));
}

/**
 * A screen's first answers asked for ahead of a visit (a link about to be followed): only those not
 * already fresh in the cache, with Call History's follow-up for the view it opens on by default.
 * A failure is the screen's to show when it asks again.
 */
export async function prefetchScreenAnswers(client: QueryClient, pathname: string): Promise<void> {
  const load = screenLoad(pathname);
  if (!load) return;
  await client.prefetchQuery(asFetch(load.first));
  await prefetchNext(client, load, new URLSearchParams());
}

const screenLoad = (pathname: string): ScreenLoad | undefined => {
  const path = portalPathOf(pathname);
  return path && featureModule(FIRST_LOADS, path, '-first-load.ts');
};

// BootQuery keeps each screen's answer type out of this list; the queries themselves are typed.
const asFetch = (query: BootQuery) => query as FetchQueryOptions<unknown, Error, unknown, QueryKey>;

/** What a screen asks for once its first answer is in the cache (Call History's calls). */
async function prefetchNext(client: QueryClient, load: ScreenLoad, search: URLSearchParams): Promise<void> {
  const data = client.getQueryData(load.first.queryKey);
  if (data === undefined || !load.next) return;
  const following = await load.next(data as never, search);
  await Promise.all(following.map((query) => client.prefetchQuery(asFetch(query))));
}
