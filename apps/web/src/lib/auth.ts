import { AUTH_CALLBACK_PATH, type PublicConfig } from '@enq/contract';
import type { UserManager, UserManagerSettings } from 'oidc-client-ts';
import { endpointsHere } from './environment';

/** The slice of oidc-client-ts the portal uses; tests pass fakes of it. */
export type AuthClient = Pick<UserManager, 'signinRedirect' | 'signinRedirectCallback' | 'signoutRedirect'>;

export interface ReturnState {
  returnTo?: string;
}

function settings(config: PublicConfig, origin: string): Omit<UserManagerSettings, 'userStore'> {
  return {
    // The identity provider of this page's environment (AUTH-10..12), the one its API trusts.
    authority: endpointsHere(config).issuer,
    client_id: config.oidc.client_id,
    scope: config.oidc.scope,
    redirect_uri: `${origin}${AUTH_CALLBACK_PATH}`,
    response_type: 'code',
    post_logout_redirect_uri: config.marketing_url,
    // The portal lives on its own API token; the provider's tokens are only needed once, at exchange.
    automaticSilentRenew: false,
    loadUserInfo: false,
  };
}

/**
 * The provider's client, loaded on first use: a signed-in page only needs it to sign out, so its
 * library (about a third of the shell's own code) stays off every page's first load.
 */
export function createAuthClient(config: PublicConfig, origin = window.location.origin): AuthClient {
  let manager: Promise<UserManager> | undefined;
  const load = () =>
    (manager ??= import('oidc-client-ts').then(
      ({ UserManager, WebStorageStateStore }) =>
        new UserManager({
          ...settings(config, origin),
          userStore: new WebStorageStateStore({ store: window.localStorage }),
        }),
    ));
  return {
    signinRedirect: async (...args) => (await load()).signinRedirect(...args),
    signinRedirectCallback: async (...args) => (await load()).signinRedirectCallback(...args),
    signoutRedirect: async (...args) => (await load()).signoutRedirect(...args),
  };
}

export function currentReturnPath(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
