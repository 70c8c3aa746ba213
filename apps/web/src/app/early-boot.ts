import {
  API_ACCOUNT_BASE,
  AUTH_PATHS,
  CALL_PATHS,
  INVOICE_PATHS,
  OVERVIEW_PATHS,
  SUBSCRIPTION_PATHS,
  USERS_PATHS,
  type PublicConfig,
} from '@enq/contract';
import { askCallHistoryEarly } from '../features/call-history/call-history-opening';
import { askEarly } from '../lib/early-answers';
import { embeddedConfig } from '../lib/embedded-config';
import { endpointsHere } from '../lib/environment';
import { portalPathOf } from '../lib/portal-path';
import type { PortalPath } from '../lib/portal-routes';
import { getApiToken } from '../lib/token-storage';
import { withQuery, type QueryValue } from '../lib/url-query';

/**
 * The path below /api/v1/account of each screen's first answer: the one its first query asks
 * (app/screen-data.ts, whose test holds the two together).
 */
export const SCREEN_FIRST_PATHS: Partial<Record<PortalPath, string>> = {
  '/': OVERVIEW_PATHS.root,
  '/call-history': CALL_PATHS.dates,
  '/subscription': SUBSCRIPTION_PATHS.root,
  '/invoices': INVOICE_PATHS.root,
  '/users': USERS_PATHS.users,
};

/**
 * Runs first, from a module that waits for no library: asks who is signed in and the screen's first
 * answer (and what of Call History's follow-up needs no library) while the app's code is still
 * loading, instead of once it has run (app/boot.ts then finds them asked). Only on a portal screen
 * with a token, and only with the config the server wrote into the page, which names the API to ask
 * (AUTH-10..12); otherwise the boot asks as before.
 */
export function startEarlyBoot(pathname: string = window.location.pathname): void {
  const token = getApiToken();
  const path = portalPathOf(pathname);
  if (!token || !path) return;
  const config = embeddedConfig() as PublicConfig | undefined;
  let apiOrigin: string;
  try {
    if (!config) return;
    apiOrigin = endpointsHere(config).apiOrigin;
  } catch {
    return; // a malformed config: the boot reports it
  }
  const ask = (accountPath: string, query?: Record<string, QueryValue>) =>
    askEarly(withQuery(`${apiOrigin}${API_ACCOUNT_BASE}${accountPath}`, query), token);
  askEarly(`${apiOrigin}${AUTH_PATHS.me}`, token);
  const first = SCREEN_FIRST_PATHS[path];
  if (!first) return;
  const answer = ask(first);
  if (path === '/call-history') askCallHistoryEarly(answer, new URLSearchParams(window.location.search), ask);
}
