import { INVOICE_PATHS } from '@enq/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { INVOICE_DEFAULT_FILENAME } from '../invoices-settings';

/** GET /invoices/download/ (API-18): the name from content-disposition, else 'invoice.pdf'. */
export function downloadInvoice({ invoiceId, isRefund }: { invoiceId: string; isRefund: boolean }) {
  return apiDownload(INVOICE_PATHS.download, INVOICE_DEFAULT_FILENAME, {
    query: { invoice_id: invoiceId, is_refund: isRefund },
  });
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice, onSuccess: saveFile });
}
