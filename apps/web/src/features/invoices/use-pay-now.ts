import { INVOICE_TEXT, MESSAGES, payErrorMessage, payLinkPath, type InvoiceDto } from '@enq/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api-client';
import { handleNextAction, isAuthenticationRequired } from '../../lib/payment-authentication';
import { isPaymentPending, refreshAfterPayment, usePayInvoice } from './api/pay-invoice';
import { PayKeys } from './pay-keys';

/**
 * Pay now's request and what it says: 'Invoice paid successfully.' (INV-09), 'Error paying invoice'
 * with the server's message (INV-10), or the server's "being confirmed" message while the provider's
 * answer is unknown. `invoices` is the list as last loaded: a pending payment that resolves there is
 * announced the same way, and its key dropped.
 */
export function usePayNow(invoices: readonly InvoiceDto[]) {
  const queryClient = useQueryClient();
  const pay = usePayInvoice();
  const keys = useRef(new PayKeys());
  // Set synchronously: a second click in the same frame comes before the disabled state renders.
  const inFlight = useRef(false);
  // The invoices the list last showed pending, less those with a request of this page in flight (its
  // answer speaks for them): a pending invoice that settles is announced once.
  const pending = useRef<Set<string> | null>(null);
  const asking = useRef(new Set<string>());

  useEffect(() => {
    keys.current.observe(invoices);
    const now = new Set(
      invoices.filter((i) => i.payment_pending && !asking.current.has(i.id)).map((i) => i.id),
    );
    const resolved = invoices.filter((i) => pending.current?.has(i.id) && !now.has(i.id));
    pending.current = now;
    if (resolved.length === 0) return;
    for (const invoice of resolved)
      if (invoice.status === 'paid') toast.success(INVOICE_TEXT.paid);
      else if (invoice.status === 'open') toast.error(payErrorMessage(null));
    refreshAfterPayment(queryClient);
  }, [invoices, queryClient]);

  function payNow(invoiceId: string, done?: () => void) {
    if (inFlight.current) return;
    inFlight.current = true;
    asking.current.add(invoiceId);
    pending.current?.delete(invoiceId);
    pay.mutate(
      { invoiceId, idempotencyKey: keys.current.keyFor(invoiceId) },
      {
        onSuccess: (outcome) => {
          if (isAuthenticationRequired(outcome)) {
            // The bank's step for this same attempt; done, Pay now again finishes it (paid). Failed or
            // left, Stripe's reason is told and nothing more is paid: the intent's payment_failed event
            // may have declined the attempt already, and another Pay now would charge anew. The
            // sandbox's bank page comes back to this page's pay link instead.
            toast.info(outcome.message);
            void handleNextAction(outcome, payLinkPath(invoiceId)).then(({ error }) => {
              if (error === null) return payNow(invoiceId, done);
              toast.error(payErrorMessage(error));
              refreshAfterPayment(queryClient);
            });
            return;
          }
          if (isPaymentPending(outcome)) {
            toast.info(outcome.message || INVOICE_TEXT.paymentPending);
            return;
          }
          keys.current.settle(invoiceId);
          toast.success(INVOICE_TEXT.paid);
        },
        onError: (error) => {
          // Declined: the invoice's state is known. Anything else may have charged: keep the key.
          if (error instanceof ApiError && error.status === 402) keys.current.settle(invoiceId);
          const message = error instanceof ApiError && error.status > 0 ? error.message : null;
          toast.error(payErrorMessage(message === MESSAGES.genericError ? null : message));
        },
        onSettled: () => {
          inFlight.current = false;
          asking.current.delete(invoiceId);
          done?.();
        },
      },
    );
  }

  return { payNow, paying: pay.isPending, payingId: pay.isPending ? pay.variables?.invoiceId : undefined };
}
