import { environmentForHost, isValidEmail, type PortalEnvironment } from '@enq/contract';

/** The environment this page runs in, from its own host name (AUTH-10..12). */
export function currentEnvironment(hostname: string = window.location.hostname): PortalEnvironment {
  return environmentForHost(hostname);
}

/** The product's email rule as it applies here: a plus sign is allowed off production. */
export function isValidEmailHere(email: string, hostname?: string): boolean {
  return isValidEmail(email, currentEnvironment(hostname));
}
