import { ACCOUNTS_TEXT, type AccountTax, type TaxStatus } from '@enq/contract';
import { useState } from 'react';
import { Field, Input } from '../../../components/ui/field';
import { useSetTaxStatus } from '../api/set-tax-status';
import { InputError, ReasonDialog } from '../../../components/ui/reason-dialog';

/** Changes the account's tax status (CONS-04): exempt needs its reference; issued invoices keep theirs. */
export function TaxStatusDialog({
  accountId,
  tax,
  onClose,
  onDone,
}: {
  accountId: string;
  tax: AccountTax;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [status, setStatus] = useState<TaxStatus>(tax.status);
  const [reference, setReference] = useState(tax.exemption_reference ?? '');
  const save = useSetTaxStatus(accountId);
  return (
    <ReasonDialog
      title="Change the tax status"
      description="Invoices issued from now on use the new status; issued invoices never change."
      submitLabel="Save tax status"
      fieldNames={['exemption_reference']}
      onClose={onClose}
      onSubmit={async (reason, key) => {
        if (status === 'exempt' && !reference.trim())
          throw new InputError('exemption_reference', ACCOUNTS_TEXT.exemptionRequired);
        const change = {
          tax_status: status,
          exemption_reference: status === 'exempt' ? reference.trim() : null,
          reason,
        };
        onDone((await save.mutateAsync({ change, key })).message);
      }}
    >
      {(errors) => (
        <>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Tax status</legend>
            <div className="mt-2 flex gap-6">
              {(['taxable', 'exempt'] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="tax-status"
                    value={value}
                    checked={status === value}
                    onChange={() => setStatus(value)}
                    className="focus-ring size-4 accent-brand-600"
                  />
                  {value === 'taxable' ? 'Taxable' : 'Exempt'}
                </label>
              ))}
            </div>
          </fieldset>
          {status === 'exempt' ? (
            <Field
              id="exemption-reference"
              label="Exemption reference"
              required
              error={errors.exemption_reference}
            >
              {(control) => (
                <Input {...control} value={reference} onChange={(e) => setReference(e.target.value)} />
              )}
            </Field>
          ) : null}
        </>
      )}
    </ReasonDialog>
  );
}
