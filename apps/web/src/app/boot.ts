import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQuery } from '../lib/config';
import { meQuery } from '../lib/session';
import { getApiToken } from '../lib/token-storage';
import { isProviderCallback } from './auth-gate';

/**
 * Starts, at once and side by side, what the portal needs before it can render: the public config
 * and who is signed in (rendered in turn, me would wait for the config). The components ask for the
 * same queries and find them under way or done. The screen's code follows once the outline is on
 * screen (ShellSkeleton), so it does not hold up the first paint.
 */
export function startBoot(client: QueryClient): void {
  void client.prefetchQuery(publicConfigQuery);
  if (!getApiToken() || isProviderCallback()) return;
  void client.prefetchQuery(meQuery);
}
