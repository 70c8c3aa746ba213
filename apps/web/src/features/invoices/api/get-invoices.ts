import { INVOICE_PATHS, type InvoicesResponse } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TAGS } from '../../../lib/query-keys';

export const INVOICES_QUERY_KEY = [CACHE_TAGS.invoices] as const;

export function getInvoices(signal?: AbortSignal): Promise<InvoicesResponse> {
  return apiRequest<InvoicesResponse>(INVOICE_PATHS.root, { signal });
}

export const invoicesQuery = queryOptions({
  queryKey: INVOICES_QUERY_KEY,
  queryFn: ({ signal }) => getInvoices(signal),
});

export function useInvoices() {
  return useQuery(invoicesQuery);
}
