import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQuery } from '../lib/config';
import { meQuery } from '../lib/session';
import { getApiToken } from '../lib/token-storage';
import { isProviderCallback } from './auth-gate';
import { loadScreen } from './router';

/**
 * Starts, at once and side by side, what the first screen needs before it can render: the public
 * config, who is signed in, and the screen's code. Rendered in turn, each would wait for the one
 * before (config, then me, then the screen's chunk). The components ask for the same queries and
 * modules and find them under way or done.
 */
export function startBoot(client: QueryClient, pathname = window.location.pathname): void {
  void client.prefetchQuery(publicConfigQuery);
  if (!getApiToken() || isProviderCallback()) return;
  void client.prefetchQuery(meQuery);
  // A failed load shows where the router asks for the screen again; nothing to report from here.
  loadScreen(pathname)?.catch(() => undefined);
}
