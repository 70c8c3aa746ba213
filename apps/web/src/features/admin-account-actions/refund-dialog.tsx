import type { ActionInvoice } from '@enq/contract';
import { useState } from 'react';
import { Field, Input } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { ActionDialog, InputError } from './action-dialog';
import { refundInvoice } from './api/refund-invoice';
import { dollarsToCents, invoiceOption, money } from './format';

/** Refund part or all of a paid invoice: the customer gets a credit note and an email naming it. */
export function RefundDialog({
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
  const refundable = invoices.filter((i) => i.refundable_cents > 0);
  const [invoiceId, setInvoiceId] = useState(refundable[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const chosen = refundable.find((i) => i.id === invoiceId);
  return (
    <ActionDialog
      title="Refund an invoice"
      description="The card is refunded, the customer sees a credit note on their Invoices page and gets an email naming it."
      submitLabel="Refund"
      tone="danger"
      fieldNames={['invoice_id', 'amount_cents']}
      onClose={onClose}
      onDone={onDone}
      send={async (reason, key) => {
        if (!chosen) throw new InputError('invoice_id', 'Choose an invoice.');
        const cents = dollarsToCents(amount);
        if (cents === null || cents < 1)
          throw new InputError('amount_cents', 'Enter the amount to refund in dollars, e.g. 25.00.');
        return (await refundInvoice(accountId, { invoice_id: chosen.id, amount_cents: cents, reason }, key))
          .message;
      }}
      fields={(errors) => (
        <>
          <Field id="refund-invoice" label="Invoice" required error={errors.invoice_id}>
            {(control) => (
              <Select {...control} value={invoiceId} onChange={(e) => setInvoiceId(e.target.value)}>
                {refundable.map((i) => (
                  <option key={i.id} value={i.id}>
                    {invoiceOption(i)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="refund-amount" label="Amount (USD)" required error={errors.amount_cents}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                placeholder={chosen ? (chosen.refundable_cents / 100).toFixed(2) : '0.00'}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            )}
          </Field>
          {chosen ? (
            <p className="-mt-2 text-sm text-slate-600">
              Up to {money(chosen.refundable_cents)} can be refunded
              {chosen.refunded_cents > 0 ? ` (${money(chosen.refunded_cents)} refunded already)` : ''}.
            </p>
          ) : null}
        </>
      )}
    />
  );
}
