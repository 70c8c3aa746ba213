/*
 * One reading of a request's path for every check that asks "where does this request go?" (the
 * provider's pinning, the control-character gate, the canonical-host redirect). Fastify's router and
 * @fastify/middie decode percent-encoding, middie matches its mounts whatever the case, Node hands on
 * absolute-form targets (`GET http://host/path`) as they came, and browsers read `\` as `/`. A check
 * that read the raw path was bypassed by `/OIDC/`, `/%6Fidc/` or `//evil.example/x`; this one reads
 * it the widest way any of them does, so a prefix it does not see is one no route serves.
 */

/** The path's matching form: absolute-form resolved, decoded, `\` as `/`, slashes collapsed, lower case. */
export function routerPath(rawUrl: string): string {
  let path = rawUrl.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/') && !path.startsWith('\\')) {
    try {
      path = new URL(path).pathname;
    } catch {
      // Neither a path nor a URL: the router answers it 400/404 itself; nothing to match.
    }
  }
  // `%2525` is `%25` once decoded and `%` twice: decode until nothing changes (a few rounds at most).
  for (let round = 0; round < 4 && path.includes('%'); round++) {
    try {
      const decoded = decodeURIComponent(path);
      if (decoded === path) break;
      path = decoded;
    } catch {
      break;
    }
  }
  return path
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
}

/** Whether a routerPath is the prefix itself or below it. */
export const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * The same request on `origin`: its path and query, never its host. A path such as `//evil.example/x`
 * or `/\evil.example/x` read as a URL reference names another host; here it stays a path on `origin`.
 */
export function sameRequestOn(origin: string, rawUrl: string): string {
  const query = rawUrl.search(/[?#]/);
  let path = query === -1 ? rawUrl : rawUrl.slice(0, query);
  if (!path.startsWith('/') && !path.startsWith('\\')) {
    try {
      path = new URL(path).pathname;
    } catch {
      path = '/';
    }
  }
  const target = new URL(origin);
  target.pathname = `/${path.replace(/^[/\\]+/, '')}`;
  if (query !== -1 && rawUrl[query] === '?') target.search = rawUrl.slice(query).split('#', 1)[0]!;
  return target.href;
}
