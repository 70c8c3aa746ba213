import type { ActionInvoice } from '@enq/contract';
import { useState } from 'react';
import { Field } from '../../components/ui/field';
import { InputError } from '../../components/ui/reason-dialog';
import { Select } from '../../components/ui/select';
import { invoiceOption } from './format';

/**
 * The invoice a refund or a charge acts on, picked from those it can act on: `chosen` is the pick,
 * `take()` the pick or a refusal under the field, `field(error)` the labelled select.
 */
export function useInvoiceField(invoices: ActionInvoice[], id: string, label: string) {
  const [invoiceId, setInvoiceId] = useState(invoices[0]?.id ?? '');
  const chosen = invoices.find((i) => i.id === invoiceId);
  const take = () => {
    if (!chosen) throw new InputError('invoice_id', 'Choose an invoice.');
    return chosen;
  };
  const field = (error?: string) => (
    <Field id={id} label={label} required error={error}>
      {(control) => (
        <Select {...control} value={invoiceId} onChange={(e) => setInvoiceId(e.target.value)}>
          {invoices.map((i) => (
            <option key={i.id} value={i.id}>
              {invoiceOption(i)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
  return { chosen, take, field };
}
