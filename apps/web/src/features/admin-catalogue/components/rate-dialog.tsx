import { slotLabel } from '@enq/contract';
import { useState } from 'react';
import { Field, Input } from '../../../components/ui/field';
import { useScheduleRate } from '../api/schedule-rate';
import { CatalogueDialog, EffectiveFromField, effectiveFromBody, useActionForm } from './catalogue-dialog';

/** A new rate for one half hour of a line, or the whole day, from now or a later date (CAT-03). */
export function RateDialog({
  line,
  slot,
  now,
  onClose,
}: {
  line: string;
  /** null for all 48 half hours. */
  slot: number | null;
  now: number | null;
  onClose: () => void;
}) {
  const [rate, setRate] = useState(now === null ? '' : now.toFixed(2));
  const [from, setFrom] = useState('');
  const form = useActionForm();
  const schedule = useScheduleRate();
  const submit = async () => {
    const ok = await form.run((key) =>
      schedule.mutateAsync({
        key,
        body: {
          reason: form.reason,
          line,
          slot_start_minute: slot,
          credits_per_minute: Number(rate),
          ...effectiveFromBody(from),
        },
      }),
    );
    if (ok) onClose();
  };
  return (
    <CatalogueDialog
      title={slot === null ? `Schedule a rate for the whole day` : `Schedule the rate at ${slotLabel(slot)}`}
      description={`${line}. Calls before the effective date keep the rate they had; calls from then on take the new one.`}
      form={form}
      busy={schedule.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Field id="rate-credits" label="Credits per minute" required error={form.errors.credits_per_minute}>
        {(control) => (
          <Input {...control} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
        )}
      </Field>
      <EffectiveFromField value={from} onChange={setFrom} error={form.errors.effective_from} />
      {form.errors.line || form.errors.slot_start_minute ? (
        <p role="alert" className="text-sm text-red-700">
          {form.errors.line ?? form.errors.slot_start_minute}
        </p>
      ) : null}
    </CatalogueDialog>
  );
}
