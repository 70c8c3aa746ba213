import { formatCreditsFixed, type RatesResponse } from '@enq/contract';
import { useId, useState } from 'react';
import { Input } from '../../components/ui/field';
import { Select } from '../../components/ui/select';

/** The lines whose name holds every word of `query`, in any case and order. */
export function matchingLines(lines: readonly string[], query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return lines.filter((line) => words.every((word) => line.toLowerCase().includes(word)));
}

/**
 * One line's rate for every half hour of the day, read off the chart's data: the chart shows the
 * shape of all of them, this says what one line costs at each time. A search narrows the lines; the
 * line isolated in the chart's legend is the one shown.
 */
export function RateTable({ rates, shown }: { rates: RatesResponse; shown: string | null }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const lines = matchingLines(rates.destinations, query);
  const line = [shown, picked].find((l) => l && lines.includes(l)) ?? lines[0] ?? null;
  const slots = line ? rates.data.map((point) => ({ time: point.time, rate: Number(point[line]) })) : [];
  const halves = [slots.slice(0, slots.length / 2), slots.slice(slots.length / 2)];
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Rates by half hour
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-700">
            Find a line
          </label>
          <Input
            id={`${id}-search`}
            type="search"
            value={query}
            placeholder="IRS, New York, California…"
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-line`} className="text-sm font-medium text-slate-700">
            Line
          </label>
          <Select
            id={`${id}-line`}
            value={line ?? ''}
            disabled={lines.length === 0}
            onChange={(event) => setPicked(event.target.value)}
          >
            {lines.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {line === null ? (
        <p className="mt-4 text-sm text-slate-600">No line matches “{query}”.</p>
      ) : (
        <div className="mt-4 grid gap-x-6 sm:grid-cols-2">
          {halves.map((half, i) => (
            <table key={i} className="w-full text-sm">
              <caption className="sr-only">
                {line}, {i === 0 ? 'midnight to noon' : 'noon to midnight'}, credits per minute
              </caption>
              <thead className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="py-1.5">
                    From (EST)
                  </th>
                  <th scope="col" className="py-1.5 text-right">
                    Credits per minute
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {half.map((slot) => (
                  <tr key={slot.time}>
                    <td className="py-1.5">{slot.time}</td>
                    <td className="py-1.5 text-right tabular-nums">{formatCreditsFixed(slot.rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      )}
    </section>
  );
}
