import { slotLabel } from '@enq/contract';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useScheduleRate } from '../api/schedule-rate';
import { CreditsPerMinuteField, EffectiveFromField, effectiveFromBody } from './catalogue-fields';

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
  const schedule = useScheduleRate();
  return (
    <ReasonDialog
      title={slot === null ? `Schedule a rate for the whole day` : `Schedule the rate at ${slotLabel(slot)}`}
      description={`${line}. Calls before the effective date keep the rate they had; calls from then on take the new one.`}
      submitLabel="Save"
      fieldNames={['credits_per_minute', 'effective_from']}
      onClose={onClose}
      onSubmit={(reason, key) =>
        schedule.mutateAsync({
          key,
          body: {
            reason,
            line,
            slot_start_minute: slot,
            credits_per_minute: Number(rate),
            ...effectiveFromBody(from),
          },
        })
      }
    >
      {(errors) => (
        <>
          <CreditsPerMinuteField
            id="rate-credits"
            value={rate}
            onChange={setRate}
            error={errors.credits_per_minute}
          />
          <EffectiveFromField value={from} onChange={setFrom} error={errors.effective_from} />
        </>
      )}
    </ReasonDialog>
  );
}
