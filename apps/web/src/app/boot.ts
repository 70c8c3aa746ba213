import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQuery } from '../lib/config';
import { meQuery } from '../lib/session';
import { getApiToken } from '../lib/token-storage';
import { isProviderCallback } from './auth-gate';
import { loadScreen } from './screen-code';
import { prefetchScreenData } from './screen-data';

/**
 * Starts what the portal needs before it can render, before React has drawn anything, side by side:
 * the public config and the screen's code at once; who is signed in and the screen's first answer the
 * moment the config is in. The config names the API this page's host maps to (AUTH-10..12), so asking
 * anything of the API before it would ask the wrong server (and a 401 from there would throw the token
 * away). Rendered in turn, each would wait for the one before it; the components ask for the same
 * queries and modules and find them under way or done. Settles once all of them are in or have failed:
 * what the first render waits for (app/start.tsx).
 */
export function startBoot(client: QueryClient, pathname: string = window.location.pathname): Promise<void> {
  const config = client.prefetchQuery(publicConfigQuery);
  if (!getApiToken() || isProviderCallback()) return config;
  // Failures here are shown by whoever asks again: the router for the code, the gate for sign-in.
  const code = loadScreen(pathname)?.catch(() => undefined);
  // A config that failed names no API: the page shows its error and asks nobody else.
  const configured = config.then(() => client.getQueryData(publicConfigQuery.queryKey) !== undefined);
  const customer = configured.then((ok) =>
    ok
      ? client.fetchQuery(meQuery).then(
          (me) => !me.is_staff,
          () => false,
        )
      : false,
  );
  const data = prefetchScreenData(client, pathname, configured, customer).catch(() => undefined);
  return Promise.all([code, customer, data]).then(() => undefined);
}
