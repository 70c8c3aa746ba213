import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQuery } from '../lib/config';
import { meQuery } from '../lib/session';
import { getApiToken } from '../lib/token-storage';
import { isProviderCallback } from './auth-gate';
import { loadScreen } from './screen-code';
import { prefetchScreenData } from './screen-data';

/**
 * Starts, before React draws anything and side by side, what the portal's first screen needs: who is
 * signed in, the screen's code and its first answers (the screens' table names them; app/screen-code.ts,
 * app/screen-data.ts). The config names the API this page's host maps to (AUTH-10..12), so nothing is
 * asked of the API before it (the server writes it into the page, so that is at once). Settles once
 * who is signed in is known, which is what the first render waits for (app/start.tsx); the code and
 * the answers go on, and the components that ask for them find them under way or done.
 */
export function startBoot(client: QueryClient, pathname: string = window.location.pathname): Promise<void> {
  const config = client.prefetchQuery(publicConfigQuery);
  if (!getApiToken() || isProviderCallback()) return config;
  // Failures here are shown by whoever asks again: the router for the code, the gate for sign-in.
  loadScreen(pathname)?.catch(() => undefined);
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
  prefetchScreenData(client, pathname, configured, customer).catch(() => undefined);
  return customer.then(() => undefined);
}
