import { formatCredits } from '@enq/contract';
import { useState } from 'react';
import { Field, Input } from '../../components/ui/field';
import { InputError, ReasonDialog } from '../../components/ui/reason-dialog';
import { adjustCredits } from './api/adjust-credits';
import { parseCredits } from './format';
import type { MoneyDialogProps } from './money-dialog-props';

/** Grant (positive) or remove (negative) credits in the current period, as ledger entries. */
export function CreditsDialog({
  accountId,
  creditsLeft,
  onClose,
  onDone,
}: MoneyDialogProps & { creditsLeft: number }) {
  const [credits, setCredits] = useState('');
  const adjust = async (reason: string, key: string) => {
    const value = parseCredits(credits);
    if (value === null || value === 0)
      throw new InputError(
        'credits',
        'Enter credits to grant, or a negative number to remove, e.g. 500 or -250.5.',
      );
    await onDone((await adjustCredits(accountId, { credits: value, reason }, key)).message);
  };
  return (
    <ReasonDialog
      title="Adjust credits"
      description={`Granted credits are bonus credits of the current period; removed ones come from bonus, then rollover, then plan credits. The account has ${formatCredits(creditsLeft)} credits left.`}
      submitLabel="Adjust credits"
      fieldNames={['credits']}
      onClose={onClose}
      onSubmit={adjust}
    >
      {(errors) => (
        <Field id="adjust-credits" label="Credits (negative to remove)" required error={errors.credits}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              placeholder="500"
              value={credits}
              onChange={(e) => setCredits(e.target.value)}
            />
          )}
        </Field>
      )}
    </ReasonDialog>
  );
}
