import type { CatalogueLine, CatalogueMarket } from '@enq/contract';
import { useState, type ReactNode } from 'react';
import { Field, Input } from '../../../components/ui/field';
import { useAddLine } from '../api/add-line';
import { useSaveLine } from '../api/save-line';
import { CatalogueDialog, useActionForm } from './catalogue-dialog';

const textArea =
  'focus-ring block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset aria-invalid:ring-2 aria-invalid:ring-red-500';

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
  const form = useActionForm();
  const save = useSaveLine();
  const add = useAddLine();
  const set = (name: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const submit = async () => {
    const ok = await form.run((key) =>
      line
        ? save.mutateAsync({ lineId: line.id, key, body: { reason: form.reason, ...fields } })
        : add.mutateAsync({
            key,
            body: { reason: form.reason, market_id: market.id, credits_per_minute: Number(rate), ...fields },
          }),
    );
    if (ok) onClose();
  };
  const text = (name: keyof typeof fields, label: ReactNode, rows = 0) => (
    <Field id={`line-${name}`} label={label} required error={form.errors[name]}>
      {(control) =>
        rows ? (
          <textarea
            {...control}
            rows={rows}
            className={textArea}
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
    <CatalogueDialog
      title={line ? `Edit the line ${line.name_long}` : `Add a line to ${market.name}`}
      description={line ? undefined : 'The line is rated at this price in every half hour from now.'}
      form={form}
      busy={save.isPending || add.isPending}
      submitLabel={line ? 'Save' : 'Add line'}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {text('name_long', 'Name')}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('display_number', 'enQ number')}
        {text('open_hours_text', 'Hours')}
      </div>
      {text('irs_number', 'Agency numbers (one a line)', 2)}
      {text('description_long', 'Description', 4)}
      {line ? null : (
        <Field id="line-rate" label="Credits per minute" required error={form.errors.credits_per_minute}>
          {(control) => (
            <Input {...control} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
          )}
        </Field>
      )}
    </CatalogueDialog>
  );
}
