import { formatCredits } from '@enq/contract';
import { useState } from 'react';
import { Field, Input } from '../../components/ui/field';
import { ActionDialog, InputError } from './action-dialog';
import { adjustCredits } from './api/adjust-credits';
import { parseCredits } from './format';

/** Grant (positive) or remove (negative) credits in the current period, as ledger entries. */
export function CreditsDialog({
  accountId,
  creditsLeft,
  onClose,
  onDone,
}: {
  accountId: string;
  creditsLeft: number;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [credits, setCredits] = useState('');
  return (
    <ActionDialog
      title="Adjust credits"
      description={`Granted credits are bonus credits of the current period; removed ones come from bonus, then rollover, then plan credits. The account has ${formatCredits(creditsLeft)} credits left.`}
      submitLabel="Adjust credits"
      fieldNames={['credits']}
      onClose={onClose}
      onDone={onDone}
      send={async (reason, key) => {
        const value = parseCredits(credits);
        if (value === null || value === 0)
          throw new InputError(
            'credits',
            'Enter credits to grant, or a negative number to remove, e.g. 500 or -250.5.',
          );
        return (await adjustCredits(accountId, { credits: value, reason }, key)).message;
      }}
      fields={(errors) => (
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
    />
  );
}
