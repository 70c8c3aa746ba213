import { INVOICE_PATHS, type InvoicesResponse, type PayInvoiceResponse } from '@enq/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { INVOICES_QUERY_KEY } from './get-invoices';
import { CACHE_TAGS } from '../../../lib/query-keys';

/**
 * POST /invoices/pay/ (API-19). The key goes in the Idempotency-Key header; the page makes one per pay
 * attempt, so a resent request or a second click during the attempt charges once.
 */
export function payInvoice({ invoiceId, idempotencyKey }: { invoiceId: string; idempotencyKey: string }) {
  return apiRequest<PayInvoiceResponse>(INVOICE_PATHS.pay, {
    method: 'POST',
    body: { invoice_id: invoiceId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** After paying, the list (and billing and overview, whose banners depend on it) is refreshed. */
export function usePayInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payInvoice,
    onSuccess: ({ invoices, amount_due }) => {
      queryClient.setQueryData<InvoicesResponse>(INVOICES_QUERY_KEY, { invoices, amount_due });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY });
      // Refetched now, not on the next visit: their banners would otherwise show the unpaid invoice
      // for a moment after it was paid.
      void queryClient.invalidateQueries({ queryKey: [CACHE_TAGS.billing], refetchType: 'all' });
      void queryClient.invalidateQueries({ queryKey: [CACHE_TAGS.overview], refetchType: 'all' });
    },
  });
}
