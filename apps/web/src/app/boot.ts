import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQuery } from '../lib/config';
import { meQuery } from '../lib/session';
import { getApiToken } from '../lib/token-storage';
import { isProviderCallback } from './auth-gate';

/**
 * Starts what the portal needs before it can render, before React has drawn anything: the public
 * config, and who is signed in the moment the config is in. The config names the API this page's
 * host maps to (AUTH-10..12), so asking anything of the API before it would ask the wrong server (and
 * a 401 from there would throw the token away). The components ask for the same queries and find them
 * under way or done. The screen's code follows once the outline is on screen (ShellSkeleton).
 */
export function startBoot(client: QueryClient): void {
  const config = client.prefetchQuery(publicConfigQuery);
  if (!getApiToken() || isProviderCallback()) return;
  void config.then(() => {
    // A config that failed names no API: the page shows its error and asks nobody else.
    if (client.getQueryData(publicConfigQuery.queryKey)) void client.prefetchQuery(meQuery);
  });
}
