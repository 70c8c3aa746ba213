import { LINES_PATHS } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { LINES_CACHE_TAG } from '../../../lib/query-keys';

/**
 * GET /lines/qr (PDF-03): the SVG needs the bearer token, so it is fetched, then shown as a data: URL;
 * the page's Content-Security-Policy allows data: images but not blob: ones.
 */
export async function getContactCardQr(signal?: AbortSignal): Promise<string> {
  const { blob } = await apiDownload(LINES_PATHS.qr, 'qr.svg', { signal });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await blob.text())}`;
}

export const contactCardQrQuery = queryOptions({
  queryKey: [LINES_CACHE_TAG, 'qr'],
  queryFn: ({ signal }) => getContactCardQr(signal),
});

export function useContactCardQr() {
  return useQuery(contactCardQrQuery);
}
