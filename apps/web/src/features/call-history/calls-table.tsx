import {
  billedInNote,
  CALL_COLUMNS,
  formatBilledDuration,
  formatCallTime,
  formatCreditsFixed,
  type CallRow,
} from '@enq/contract';
import { useCallerIds } from './use-caller-ids';

const FIRST_NUMBER_COLUMN = 4;

/** A call's time as two unbreakable parts, date and time: a narrow table breaks between them only. */
function CallTime({ unixSeconds }: { unixSeconds: number }) {
  const [day, ...time] = formatCallTime(unixSeconds).split(' ');
  return (
    // One element: a phone's card (stack-table) sets each of a cell's elements on a line of its own.
    <span>
      <span className="whitespace-nowrap">{day}</span>{' '}
      <span className="whitespace-nowrap">{time.join(' ')}</span>
    </span>
  );
}

/** One page of calls; below 640 px each call is a card (stack-table). */
export function CallsTable({ rows }: { rows: CallRow[] }) {
  const callerId = useCallerIds(rows.map((call) => call.caller_id_number));
  return (
    // Focusable and named: a table wider than the screen scrolls, and a keyboard must reach that too.
    <div
      tabIndex={0}
      role="region"
      aria-label="Calls"
      className="focus-ring overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <table className="stack-table min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {CALL_COLUMNS.map((column, index) => (
              <th
                key={column}
                scope="col"
                // Duration, rate and credits are numbers: right-aligned like their cells. Their headings
                // may wrap ('Billed / Duration'): the numbers under them are short, the destinations long.
                // Below 1280 px the others may wrap too ('Time stamp / (EST)'), as their cells do.
                className={`px-3 py-2.5 ${index >= FIRST_NUMBER_COLUMN ? 'text-right' : 'text-left xl:whitespace-nowrap'} text-xs font-semibold tracking-wide text-slate-600 uppercase`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((call) => (
            <tr key={call.call_uuid} data-testid="call-row">
              {/* One line from 1280 px; on a narrower laptop window, the date above the time. */}
              <td data-label={CALL_COLUMNS[0]} className="px-3 py-2 xl:whitespace-nowrap">
                <CallTime unixSeconds={call.call_timestamp} />
                {/* Posted after its period closed: billed in the open period, as its invoices show. */}
                {call.billed_in && (
                  <span className="block text-xs text-slate-500">{billedInNote(call.billed_in)}</span>
                )}
              </td>
              {/* Room for a line's name on one or two lines at 1280 px, not three or four. */}
              <td data-label={CALL_COLUMNS[1]} className="px-3 py-2 lg:min-w-[9rem] xl:min-w-[12rem]">
                {call.destination}
              </td>
              <td data-label={CALL_COLUMNS[2]} className="px-3 py-2 xl:whitespace-nowrap">
                {call.user}
              </td>
              <td data-label={CALL_COLUMNS[3]} className="px-3 py-2 whitespace-nowrap">
                {callerId(call.caller_id_number)}
              </td>
              <td data-label={CALL_COLUMNS[4]} className="px-3 py-2 text-right tabular-nums">
                {formatBilledDuration(call.billed_duration)}
              </td>
              <td data-label={CALL_COLUMNS[5]} className="px-3 py-2 text-right tabular-nums">
                {formatCreditsFixed(call.billing_rate)}
                <span className="block text-xs text-slate-500">credits/min</span>
              </td>
              <td data-label={CALL_COLUMNS[6]} className="px-3 py-2 text-right tabular-nums">
                {formatCreditsFixed(call.credits_used)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
