/** What every API request carries: JSON accepted and, when there is one, the API token. */
export function apiHeaders(token: string | null, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}
