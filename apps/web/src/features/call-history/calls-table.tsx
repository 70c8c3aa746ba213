import {
  billedInNote,
  CALL_COLUMNS,
  formatBilledDuration,
  formatCreditsFixed,
  type CallRow,
} from '@enq/contract';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { CallCards } from './call-cards';
import { CallTime } from './call-time';
import { useCallerIds } from './use-caller-ids';

const FIRST_NUMBER_COLUMN = 4;

/** One page of calls; below 640 px each call is a compact card (call-cards.tsx). */
export function CallsTable({ rows }: { rows: CallRow[] }) {
  const callerId = useCallerIds(rows.map((call) => call.caller_id_number));
  const phone = useMediaQuery(PHONE_QUERY);
  if (phone) return <CallCards rows={rows} callerId={callerId} />;
  return (
    // Focusable and named: a table wider than the screen scrolls, and a keyboard must reach that too.
    <div
      tabIndex={0}
      role="region"
      aria-label="Calls"
      className="focus-ring overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {CALL_COLUMNS.map((column, index) => (
              <th
                key={column}
                scope="col"
                // Duration, rate and credits are numbers: right-aligned like their cells. Headings may wrap
                // ('Billed / Duration', 'Time Stamp / (EST)'): the room goes to the destinations. Written as
                // CALL-11 names them, not set in capitals.
                className={`px-3 py-2.5 ${index >= FIRST_NUMBER_COLUMN ? 'text-right' : 'text-left'} text-xs font-semibold text-slate-600`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((call) => (
            <tr key={call.call_uuid} data-testid="call-row">
              {/* The date above the time: a row is two lines anyway (the rate's unit), and the width
                  saved goes to the destination. */}
              <td className="px-3 py-2">
                <CallTime unixSeconds={call.call_timestamp} />
                {/* Posted after its period closed: billed in the open period, as its invoices show. */}
                {call.billed_in && (
                  <span className="block text-xs text-slate-500">{billedInNote(call.billed_in)}</span>
                )}
              </td>
              {/* From 1280 px one line: the column takes the room the others leave (w-full, max-w-0) and a
                  name longer than that ends in an ellipsis, whole in its tooltip, to screen readers and
                  in the CSV. On a narrower laptop window it wraps instead, as a few letters say too little. */}
              <td
                className="px-3 py-2 lg:min-w-[9rem] xl:w-full xl:max-w-0 xl:truncate"
                title={call.destination}
              >
                {call.destination}
              </td>
              <td className="px-3 py-2 xl:whitespace-nowrap">{call.user}</td>
              <td className="px-3 py-2 whitespace-nowrap">{callerId(call.caller_id_number)}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {formatBilledDuration(call.billed_duration)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">
                {formatCreditsFixed(call.billing_rate)}
                <span className="block text-xs text-slate-500">credits/min</span>
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCreditsFixed(call.credits_used)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
