import { AUTH_CALLBACK_PATH, type PublicConfig } from '@enq/contract';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

/** The slice of oidc-client-ts the portal uses; tests pass fakes of it. */
export type AuthClient = Pick<UserManager, 'signinRedirect' | 'signinRedirectCallback' | 'signoutRedirect'>;

export interface ReturnState {
  returnTo?: string;
}

export function createUserManager(config: PublicConfig, origin = window.location.origin): UserManager {
  return new UserManager({
    authority: config.oidc.issuer,
    client_id: config.oidc.client_id,
    scope: config.oidc.scope,
    redirect_uri: `${origin}${AUTH_CALLBACK_PATH}`,
    response_type: 'code',
    post_logout_redirect_uri: config.marketing_url,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // The portal lives on its own API token; the provider's tokens are only needed once, at exchange.
    automaticSilentRenew: false,
    loadUserInfo: false,
  });
}

export function currentReturnPath(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
