import type { ActionInvoice } from '@enq/contract';
import { useState } from 'react';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { ActionDialog, InputError } from './action-dialog';
import { retryCharge } from './api/retry-charge';
import { invoiceOption } from './format';

/** Charge an open invoice to the card on file again (never a second charge of a paid one). */
export function ChargeDialog({
  accountId,
  invoices,
  onClose,
  onDone,
}: {
  accountId: string;
  invoices: ActionInvoice[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const open = invoices.filter((i) => i.status === 'open');
  const [invoiceId, setInvoiceId] = useState(open[0]?.id ?? '');
  const chosen = open.find((i) => i.id === invoiceId);
  return (
    <ActionDialog
      title="Retry a failed charge"
      description="The invoice is charged to the card on file through its payment attempts: once, whatever happens."
      submitLabel="Charge now"
      fieldNames={['invoice_id']}
      onClose={onClose}
      onDone={onDone}
      send={async (reason, key) => {
        if (!chosen) throw new InputError('invoice_id', 'Choose an invoice.');
        return (await retryCharge(accountId, chosen.id, { reason }, key)).message;
      }}
      fields={(errors) => (
        <>
          <Field id="charge-invoice" label="Open invoice" required error={errors.invoice_id}>
            {(control) => (
              <Select {...control} value={invoiceId} onChange={(e) => setInvoiceId(e.target.value)}>
                {open.map((i) => (
                  <option key={i.id} value={i.id}>
                    {invoiceOption(i)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {chosen?.last_failure ? (
            <p className="-mt-2 text-sm text-slate-600">Last decline: {chosen.last_failure}</p>
          ) : null}
        </>
      )}
    />
  );
}
