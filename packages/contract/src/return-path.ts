/**
 * A return target after sign-in must stay on this site: only a relative path that starts with a single
 * slash is kept; anything that could leave the origin (absolute URLs, `//host`, `/\host`, control
 * characters) falls back to `/`.
 */
export function sanitizeReturnPath(target: string | null | undefined): string {
  if (!target || typeof target !== 'string') return '/';
  if (!target.startsWith('/')) return '/';
  if (target.startsWith('//') || target.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return '/';
  try {
    const url = new URL(target, 'http://portal.invalid');
    if (url.origin !== 'http://portal.invalid') return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}
