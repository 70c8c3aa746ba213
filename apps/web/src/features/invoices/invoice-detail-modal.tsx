import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Loader } from '../../components/ui/loader';
import { useInvoiceDetail } from './api/get-invoice-detail';
import { InvoiceDocument } from './invoice-document';

/** INV-03: the invoice as issued: parties, lines with their periods, totals, payments and credit notes. */
export function InvoiceDetailModal({
  invoiceId,
  onClose,
}: {
  invoiceId: string | null;
  onClose: () => void;
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
          <div className="mt-6 flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
