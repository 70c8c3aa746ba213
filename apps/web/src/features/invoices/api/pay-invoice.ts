import {
  type AuthenticationRequired,
  INVOICE_PATHS,
  PAYMENT_PENDING_CODE,
  type PayInvoicePending,
  type PayInvoiceResponse,
} from '@enq/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { INVOICES_QUERY_KEY } from './get-invoices';
import { CACHE_TAGS } from '../../../lib/query-keys';

/**
 * 200: paid; 202: the provider's answer is not known yet (PAYMENT_PENDING), or the card's bank asks the
 * cardholder to authenticate (AUTHENTICATION_REQUIRED, with the client secret).
 */
export type PayOutcome = PayInvoiceResponse | PayInvoicePending | AuthenticationRequired;

export const isPaymentPending = (outcome: PayOutcome): outcome is PayInvoicePending =>
  'code' in outcome && outcome.code === PAYMENT_PENDING_CODE;

/**
 * POST /invoices/pay/ (API-19). The key goes in the Idempotency-Key header; the page keeps one per
 * invoice until the invoice's state is known, so a resent request or a retry click charges once.
 */
export function payInvoice({ invoiceId, idempotencyKey }: { invoiceId: string; idempotencyKey: string }) {
  return apiRequest<PayOutcome>(INVOICE_PATHS.pay, {
    method: 'POST',
    body: { invoice_id: invoiceId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * After paying, the list is asked for again before the payment counts as done, so the page never shows
 * the paid invoice as due; billing and overview, whose banners depend on it, are refreshed too.
 */
export function usePayInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payInvoice,
    onSuccess: (outcome) => {
      if (!isPaymentPending(outcome)) return refreshInvoices(queryClient);
    },
    onSettled: (outcome) =>
      refreshAfterPayment(queryClient, { invoices: !outcome || isPaymentPending(outcome) }),
  });
}

const refreshInvoices = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY });

/**
 * Billing and overview (their banners would otherwise show an unpaid invoice a moment longer) and,
 * unless it was just refreshed, the list.
 */
export function refreshAfterPayment(queryClient: QueryClient, { invoices = true } = {}): void {
  if (invoices) void refreshInvoices(queryClient);
  void queryClient.invalidateQueries({ queryKey: [CACHE_TAGS.billing], refetchType: 'all' });
  void queryClient.invalidateQueries({ queryKey: [CACHE_TAGS.overview], refetchType: 'all' });
}
