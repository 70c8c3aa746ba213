import type { ActionInvoice } from '@enq/contract';
import { ReasonDialog } from '../../components/ui/reason-dialog';
import { retryCharge } from './api/retry-charge';
import { useInvoiceField } from './invoice-field';
import type { MoneyDialogProps } from './money-dialog-props';

/** Charge an open invoice to the card on file again (never a second charge of a paid one). */
export function ChargeDialog({
  accountId,
  invoices,
  onClose,
  onDone,
}: MoneyDialogProps & { invoices: ActionInvoice[] }) {
  const invoice = useInvoiceField(
    invoices.filter((i) => i.status === 'open'),
    'charge-invoice',
    'Open invoice',
  );
  const charge = async (reason: string, key: string) =>
    onDone((await retryCharge(accountId, invoice.take().id, { reason }, key)).message);
  return (
    <ReasonDialog
      title="Retry a failed charge"
      description="The invoice is charged to the card on file through its payment attempts: once, whatever happens."
      submitLabel="Charge now"
      fieldNames={['invoice_id']}
      onClose={onClose}
      onSubmit={charge}
    >
      {(errors) => (
        <>
          {invoice.field(errors.invoice_id)}
          {invoice.chosen?.last_failure ? (
            <p className="-mt-2 text-sm text-slate-600">Last decline: {invoice.chosen.last_failure}</p>
          ) : null}
        </>
      )}
    </ReasonDialog>
  );
}
