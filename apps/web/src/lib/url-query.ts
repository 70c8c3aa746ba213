// Apart from api-client.ts so the page's first module (app/early-boot.ts) writes its URLs the same way
// without taking the client along.

export type QueryValue = string | number | boolean | null | undefined;

/** `url` with the query's defined values, in their order, as every request here writes them. */
export function withQuery(url: string, query?: Record<string, QueryValue>): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}
