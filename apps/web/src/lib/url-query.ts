// A request's query string, as every request of the page writes it (lib/api-client.ts).

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
