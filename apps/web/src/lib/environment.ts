import { environmentForHost, isValidEmail, type PortalEnvironment, type PublicConfig } from '@enq/contract';

/** The environment this page runs in, from its own host name (AUTH-10..12). */
export function currentEnvironment(hostname: string = window.location.hostname): PortalEnvironment {
  return environmentForHost(hostname);
}

export interface Endpoints {
  environment: PortalEnvironment;
  /** Where API calls go; empty is the page's own origin (the paths stay relative). */
  apiOrigin: string;
  /** The identity provider sign-in goes through. */
  issuer: string;
}

/** AUTH-10..12: the API and identity provider the config names for this page's environment. */
export function endpointsHere(
  config: Pick<PublicConfig, 'oidc' | 'environments'>,
  location: Pick<Location, 'hostname' | 'origin'> = window.location,
): Endpoints {
  const environment = currentEnvironment(location.hostname);
  const named = config.environments[environment];
  const apiOrigin = named.api_origin && named.api_origin !== location.origin ? named.api_origin : '';
  return { environment, apiOrigin, issuer: named.oidc_issuer ?? config.oidc.issuer };
}

/** The product's email rule as it applies here: a plus sign is allowed off production. */
export function isValidEmailHere(email: string, hostname?: string): boolean {
  return isValidEmail(email, currentEnvironment(hostname));
}
