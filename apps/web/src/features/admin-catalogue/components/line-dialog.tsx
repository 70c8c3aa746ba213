import type { CatalogueLine, CatalogueMarket } from '@enq/contract';
import { useState, type ReactNode } from 'react';
import { Field, Input, controlClass } from '../../../components/ui/field';
import { ReasonDialog, type FieldErrors } from '../../../components/ui/reason-dialog';
import { useAddLine } from '../api/add-line';
import { useSaveLine } from '../api/save-line';
import { CreditsPerMinuteField } from './catalogue-fields';

/** A line's name, numbers, hours and description (CAT-05), or a new line with its first rate (CAT-06). */
export function LineDialog({
  market,
  line,
  onClose,
}: {
  market: CatalogueMarket;
  /** null adds a line to the market. */
  line: CatalogueLine | null;
  onClose: () => void;
}) {
  const [fields, setFields] = useState({
    name_long: line?.name_long ?? '',
    irs_number: line?.irs_number ?? '',
    display_number: line?.display_number ?? '',
    open_hours_text: line?.open_hours_text ?? '',
    description_long: line?.description_long ?? '',
  });
  const [rate, setRate] = useState('');
  const save = useSaveLine();
  const add = useAddLine();
  const set = (name: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const text = (errors: FieldErrors, name: keyof typeof fields, label: ReactNode, rows = 0) => (
    <Field id={`line-${name}`} label={label} required error={errors[name]}>
      {(control) =>
        rows ? (
          <textarea
            {...control}
            rows={rows}
            className={controlClass()}
            value={fields[name]}
            onChange={(e) => set(name)(e.target.value)}
          />
        ) : (
          <Input {...control} value={fields[name]} onChange={(e) => set(name)(e.target.value)} />
        )
      }
    </Field>
  );
  return (
    <ReasonDialog
      title={line ? `Edit the line ${line.name_long}` : `Add a line to ${market.name}`}
      description={line ? undefined : 'The line is rated at this price in every half hour from now.'}
      submitLabel={line ? 'Save' : 'Add line'}
      fieldNames={[...Object.keys(fields), 'credits_per_minute']}
      onClose={onClose}
      onSubmit={(reason, key) =>
        line
          ? save.mutateAsync({ lineId: line.id, key, body: { reason, ...fields } })
          : add.mutateAsync({
              key,
              body: { reason, market_id: market.id, credits_per_minute: Number(rate), ...fields },
            })
      }
    >
      {(errors) => (
        <>
          {text(errors, 'name_long', 'Name')}
          <div className="grid gap-4 sm:grid-cols-2">
            {text(errors, 'display_number', 'enQ number')}
            {text(errors, 'open_hours_text', 'Hours')}
          </div>
          {text(errors, 'irs_number', 'Agency numbers (one a line)', 2)}
          {text(errors, 'description_long', 'Description', 4)}
          {line ? null : (
            <CreditsPerMinuteField
              id="line-rate"
              value={rate}
              onChange={setRate}
              error={errors.credits_per_minute}
            />
          )}
        </>
      )}
    </ReasonDialog>
  );
}
