import { INVOICE_PATHS, type InvoicesResponse } from '@enq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TAGS } from '../../../lib/query-keys';
import { INVOICES_PENDING_POLL_MS } from '../invoices-settings';

export const INVOICES_QUERY_KEY = [CACHE_TAGS.invoices] as const;

export function getInvoices(signal?: AbortSignal): Promise<InvoicesResponse> {
  return apiRequest<InvoicesResponse>(INVOICE_PATHS.root, { signal });
}

export const invoicesQuery = queryOptions({
  queryKey: INVOICES_QUERY_KEY,
  queryFn: ({ signal }) => getInvoices(signal),
});

/** While a payment awaits the provider's answer the list is asked again every few seconds, so the row
 * turns Paid (or back to Pay now) without a reload. */
export function useInvoices() {
  return useQuery({
    ...invoicesQuery,
    refetchInterval: (query) =>
      query.state.data?.invoices.some((invoice) => invoice.payment_pending)
        ? INVOICES_PENDING_POLL_MS
        : false,
  });
}
