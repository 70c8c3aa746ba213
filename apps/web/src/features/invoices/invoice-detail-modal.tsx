import * as Dialog from '@radix-ui/react-dialog';
import { INVOICE_TEXT } from '@enq/contract';
import { Download, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Loader } from '../../components/ui/loader';
import { useInvoiceDetail } from './api/get-invoice-detail';
import { InvoiceDocument } from './invoice-document';

/**
 * INV-03: the invoice as issued: parties, lines with their periods, totals, payments and credit notes;
 * with what its row offers: its PDF (and its refund's), and Pay now while it is payable.
 */
export function InvoiceDetailModal({
  invoiceId,
  onClose,
  onDownload,
  onPay,
}: {
  invoiceId: string | null;
  onClose: () => void;
  onDownload: (isRefund: boolean) => void;
  /** Absent when the invoice is not payable now (paid, void, or a payment being confirmed). */
  onPay?: (() => void) | undefined;
}) {
  const detail = useInvoiceDetail(invoiceId);
  return (
    <Dialog.Root open={invoiceId !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              Invoice {detail.data?.number ?? ''}
            </Dialog.Title>
            <Dialog.Close
              className="focus-ring rounded p-1 text-slate-500 hover:bg-slate-100"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {detail.isPending ? (
            <Loader label="Loading invoice" />
          ) : detail.isError ? (
            <LoadError onRetry={() => void detail.refetch()} />
          ) : (
            <InvoiceDocument invoice={detail.data} />
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {detail.data ? (
              <>
                <Button variant="secondary" onClick={() => onDownload(false)}>
                  <Download aria-hidden="true" className="size-4" />
                  Download PDF
                </Button>
                {detail.data.refunds.length > 0 ? (
                  <Button variant="secondary" onClick={() => onDownload(true)}>
                    <Download aria-hidden="true" className="size-4" />
                    Download refund PDF
                  </Button>
                ) : null}
              </>
            ) : null}
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            {onPay && detail.data ? <Button onClick={onPay}>{INVOICE_TEXT.payNow}</Button> : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
