import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQuery } from '../lib/config';
import { meQuery } from '../lib/session';
import { getApiToken } from '../lib/token-storage';
import { isProviderCallback } from './auth-gate';
import { loadScreen } from './router';
import { prefetchScreenData } from './screen-data';

/**
 * Starts, at once and side by side, what the portal needs before it can render: the public config,
 * who is signed in, the screen's code and the screen's first answer. Rendered in turn, each would wait
 * for the one before it. The components ask for the same queries and modules and find them under way
 * or done.
 */
export function startBoot(client: QueryClient, pathname: string = window.location.pathname): void {
  void client.prefetchQuery(publicConfigQuery);
  if (!getApiToken() || isProviderCallback()) return;
  // Failures here are shown by whoever asks again: the router for the code, the gate for sign-in.
  loadScreen(pathname)?.catch(() => undefined);
  const customer = client.fetchQuery(meQuery).then(
    (me) => !me.is_staff,
    () => false,
  );
  prefetchScreenData(client, pathname, customer).catch(() => undefined);
}
