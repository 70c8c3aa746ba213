import { INVOICE_PATHS, type InvoiceDetail } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TAGS } from '../../../lib/query-keys';

export function getInvoiceDetail(invoiceId: string, signal?: AbortSignal): Promise<InvoiceDetail> {
  return apiRequest<InvoiceDetail>(INVOICE_PATHS.detail, { signal, query: { invoice_id: invoiceId } });
}

export function useInvoiceDetail(invoiceId: string | null) {
  return useQuery({
    queryKey: [CACHE_TAGS.invoices, 'detail', invoiceId],
    queryFn: ({ signal }) => getInvoiceDetail(invoiceId!, signal),
    enabled: invoiceId !== null,
  });
}
