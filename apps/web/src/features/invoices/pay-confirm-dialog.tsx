import {
  formatMoney,
  INVOICE_TEXT,
  type InvoiceDto,
  payConfirmQuestion,
  payConfirmTitle,
} from '@enq/contract';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { useCardOnFile } from './api/get-card-on-file';

/**
 * Pay now asks first: the amount due and the card it will be charged to ('Pay $510.00 now with Visa
 * ending in 4242?'). It stays open, busy, until the payment answers, so its outcome is never hidden.
 */
export function PayConfirmDialog({
  invoice,
  busy,
  onConfirm,
  onCancel,
}: {
  invoice: InvoiceDto | null;
  busy: boolean;
  onConfirm: (invoice: InvoiceDto) => void;
  onCancel: () => void;
}) {
  const card = useCardOnFile(invoice !== null);
  // Unknown (undefined) while loading or when billing could not be read: the question says "the card on file".
  const known = card.isSuccess ? card.data : undefined;
  return (
    <ConfirmModal
      open={invoice !== null}
      title={invoice ? payConfirmTitle(invoice.number) : ''}
      body={invoice ? payConfirmQuestion(formatMoney(invoice.amount_due), known) : null}
      confirmLabel={INVOICE_TEXT.confirmPay}
      cancelLabel={INVOICE_TEXT.cancelPay}
      busy={busy}
      onConfirm={() => invoice && onConfirm(invoice)}
      onCancel={onCancel}
    />
  );
}
