/** Where the portal runs, decided from the page's host name (AUTH-10..12). */
export type PortalEnvironment = 'local' | 'dev' | 'production';
export const PORTAL_ENVIRONMENTS: readonly PortalEnvironment[] = ['local', 'dev', 'production'];

/**
 * A host in the one spelling the rule compares: what a URL parser makes of it (lower case, full-width
 * letters folded, IPv4 in dotted form), without the port, the brackets of an IPv6 address or the
 * trailing dot of a fully qualified name. `LOCALHOST.:5173` and `localhost` are one host, and a
 * browser may report either. Null when it is no host at all.
 */
export function canonicalHost(host: string): string | null {
  const trimmed = host.trim();
  // A bare IPv6 address (several colons, no brackets) gets its brackets; a port follows one colon only.
  const spelled = !trimmed.startsWith('[') && trimmed.split(':').length > 2 ? `[${trimmed}]` : trimmed;
  let hostname: string;
  try {
    const url = new URL(`http://${spelled}/`);
    // Anything beyond a host and a port (a user, a path) means this was not a host.
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    hostname = url.hostname;
  } catch {
    return null;
  }
  return hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '') || null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);

export function environmentForHost(host: string): PortalEnvironment {
  const canonical = canonicalHost(host);
  // What cannot be read as a host gets production's rules, the strictest.
  if (canonical === null) return 'production';
  if (LOOPBACK.has(canonical)) return 'local';
  if (canonical.includes('enqueue')) return 'dev';
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
