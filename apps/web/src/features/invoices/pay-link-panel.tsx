import {
  AUTHENTICATION_TEXT,
  formatMoney,
  isPayable,
  PAY_LINK_PARAM,
  REDIRECT_STATUS_PARAM,
  type InvoiceDto,
} from '@enq/contract';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { useSearchParams } from '../../lib/router';
import { toast } from '../../lib/toast';

/**
 * The email's link for a charge its bank wants confirmed (/invoices?pay=…) lands here: the invoice's
 * amount and Confirm and pay, which runs Pay now on that same attempt (the bank's step, then paid).
 * Back from the sandbox's bank page (`redirect_status`), Pay now is asked at once to finish it, unless
 * the step failed.
 */
export function PayLinkPanel({
  invoices,
  payNow,
  paying,
}: {
  invoices: readonly InvoiceDto[];
  payNow: (invoiceId: string) => void;
  paying: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const invoiceId = params.get(PAY_LINK_PARAM);
  const returned = params.get(REDIRECT_STATUS_PARAM);
  const invoice = invoices.find((i) => i.id === invoiceId);
  const finished = useRef(false);

  useEffect(() => {
    if (!invoiceId || !returned || finished.current) return;
    finished.current = true;
    setParams(
      (current) => {
        current.delete(REDIRECT_STATUS_PARAM);
        return current;
      },
      { replace: true },
    );
    // A failed step is told, not paid again: the provider's payment_intent.payment_failed may have
    // settled the attempt already, and Pay now would then start a new one and send the cardholder back
    // to the bank. Confirm and pay stays for another try.
    if (returned === 'failed') toast.error(AUTHENTICATION_TEXT.failed);
    else payNow(invoiceId);
  }, [invoiceId, returned, payNow, setParams]);

  if (!invoice || !isPayable(invoice)) return null;
  return (
    <section
      aria-labelledby="pay-link-title"
      className="space-y-3 rounded-xl bg-sky-50 p-4 ring-1 ring-sky-200 sm:flex sm:items-center sm:justify-between sm:gap-4 sm:space-y-0"
    >
      <div className="space-y-1">
        <h2 id="pay-link-title" className="text-sm font-semibold text-sky-950">
          {AUTHENTICATION_TEXT.panelTitle}
        </h2>
        <p className="text-sm text-sky-900">
          {AUTHENTICATION_TEXT.panelBody(invoice.number, formatMoney(invoice.amount_due))}
        </p>
      </div>
      <Button onClick={() => payNow(invoice.id)} disabled={paying} aria-busy={paying}>
        {AUTHENTICATION_TEXT.panelButton}
      </Button>
    </section>
  );
}
