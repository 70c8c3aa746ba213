/** Where the portal runs, decided from the page's host name (AUTH-10..12). */
export type PortalEnvironment = 'local' | 'dev' | 'production';

export function environmentForHost(hostname: string): PortalEnvironment {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]') return 'local';
  if (host.includes('enqueue')) return 'dev';
  return 'production';
}

// Letters, digits, dot, underscore and hyphen before the at-sign; a plus sign too off production;
// a domain whose top-level part has at least two letters.
const PRODUCTION_EMAIL = /^[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;
const NON_PRODUCTION_EMAIL = /^[A-Za-z0-9._+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;

export function emailPattern(environment: PortalEnvironment): RegExp {
  return environment === 'production' ? PRODUCTION_EMAIL : NON_PRODUCTION_EMAIL;
}

export function isValidEmail(email: string, environment: PortalEnvironment): boolean {
  return emailPattern(environment).test(email);
}
