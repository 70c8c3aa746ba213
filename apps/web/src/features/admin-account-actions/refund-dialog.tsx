import type { ActionInvoice } from '@enq/contract';
import { useState } from 'react';
import { Field, Input } from '../../components/ui/field';
import { InputError, ReasonDialog } from '../../components/ui/reason-dialog';
import { refundInvoice } from './api/refund-invoice';
import { dollarsToCents, money } from './format';
import { useInvoiceField } from './invoice-field';
import type { MoneyDialogProps } from './money-dialog-props';

/** Refund part or all of a paid invoice: the customer gets a credit note and an email naming it. */
export function RefundDialog({
  accountId,
  invoices,
  onClose,
  onDone,
}: MoneyDialogProps & { invoices: ActionInvoice[] }) {
  const invoice = useInvoiceField(
    invoices.filter((i) => i.refundable_cents > 0),
    'refund-invoice',
    'Invoice',
  );
  const [amount, setAmount] = useState('');
  const chosen = invoice.chosen;
  const refund = async (reason: string, key: string) => {
    const { id } = invoice.take();
    const cents = dollarsToCents(amount);
    if (cents === null || cents < 1)
      throw new InputError('amount_cents', 'Enter the amount to refund in dollars, e.g. 25.00.');
    const body = { invoice_id: id, amount_cents: cents, reason };
    await onDone((await refundInvoice(accountId, body, key)).message);
  };
  return (
    <ReasonDialog
      title="Refund an invoice"
      description="The card is refunded, the customer sees a credit note on their Invoices page and gets an email naming it."
      submitLabel="Refund"
      tone="danger"
      fieldNames={['invoice_id', 'amount_cents']}
      onClose={onClose}
      onSubmit={refund}
    >
      {(errors) => (
        <>
          {invoice.field(errors.invoice_id)}
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
    </ReasonDialog>
  );
}
