import { slotLabel } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { Loader } from '../../../components/ui/loader';
import { Select } from '../../../components/ui/select';
import { newYorkDateTime } from '../../../lib/console-time';
import { catalogueRatesQuery } from '../api/get-rates';
import { RateDialog } from './rate-dialog';

const credits = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/** A line's rate in each half hour of a New York day: in force now, and scheduled changes "From <date>". */
export function RatesTab() {
  const [line, setLine] = useState<string | null>(null);
  const rates = useQuery(catalogueRatesQuery(line));
  const [slot, setSlot] = useState<number | null | undefined>(undefined);
  if (rates.isPending) return <Loader />;
  if (rates.isError) return <LoadError onRetry={() => void rates.refetch()} />;
  const shown = rates.data.line;
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id="rates-line" label="Line" className="min-w-0 flex-1 sm:max-w-md">
          {(control) => (
            <Select {...control} value={shown} onChange={(e) => setLine(e.target.value)}>
              {rates.data.lines.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button onClick={() => setSlot(null)}>Schedule for the whole day</Button>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        Credits per minute in each half hour (New York time). Calls already rated keep their credits.
      </p>
      <div className="mt-4 overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rates of {shown}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 sm:px-4">
                Half hour
              </th>
              <th scope="col" className="px-3 py-2 text-right sm:px-4">
                Now
              </th>
              <th scope="col" className="px-3 py-2 sm:px-4">
                Scheduled
              </th>
              <th scope="col" className="px-3 py-2 sm:px-4">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rates.data.slots.map((s) => (
              <tr key={s.slot_start_minute}>
                <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-900 sm:px-4">
                  {slotLabel(s.slot_start_minute)}
                </th>
                <td className="px-3 py-2 text-right text-slate-900 tabular-nums sm:px-4">{credits(s.now)}</td>
                <td className="px-3 py-2 text-slate-700 sm:px-4">
                  {s.scheduled.map((v) => (
                    <span key={v.effective_from} className="block text-amber-800">
                      From {newYorkDateTime(v.effective_from)}: {credits(v.credits_per_minute)}
                    </span>
                  ))}
                </td>
                <td className="px-3 py-1.5 text-right sm:px-4">
                  <Button
                    variant="ghost"
                    className="px-2 py-1"
                    onClick={() => setSlot(s.slot_start_minute)}
                    aria-label={`Schedule the rate at ${slotLabel(s.slot_start_minute)}`}
                  >
                    Schedule
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {slot !== undefined ? (
        <RateDialog
          line={shown}
          slot={slot}
          now={
            slot === null ? null : (rates.data.slots.find((s) => s.slot_start_minute === slot)?.now ?? null)
          }
          onClose={() => setSlot(undefined)}
        />
      ) : null}
    </>
  );
}
