import {
  billedInNote,
  CALL_COLUMNS,
  formatBilledDuration,
  formatCreditsFixed,
  type CallRow,
} from '@enq/contract';
import type { ReactNode } from 'react';
import { CallTime } from './call-time';

const [TIME, DESTINATION, USER, CALLER_ID, DURATION, RATE, CREDITS] = CALL_COLUMNS;

/** A value with its column's name before it, for a screen reader: on the card the place says which it is. */
function Named({
  name,
  children,
  className = '',
}: {
  name: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span className={className}>
      <span className="sr-only">{name}: </span>
      {children}
    </span>
  );
}

/**
 * One page of calls on a phone: a card of three lines per call (a seven-line label list was about
 * 220 px a call, so 25 of them put the usage chart eight screens down). The line's name and the credits
 * lead; the numbers sit on the right as in the table's columns, the time, user and caller ID on the left.
 */
export function CallCards({ rows, callerId }: { rows: CallRow[]; callerId: (raw: string) => string }) {
  return (
    <div role="region" aria-label="Calls" className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <ul className="divide-y divide-slate-100">
        {rows.map((call) => (
          <li
            key={call.call_uuid}
            data-testid="call-row"
            className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 px-4 py-2.5 text-xs text-slate-600"
          >
            <Named name={DESTINATION} className="text-sm font-medium break-words text-slate-900">
              {call.destination}
            </Named>
            <Named name={CREDITS} className="text-right text-sm font-semibold text-slate-900 tabular-nums">
              {formatCreditsFixed(call.credits_used)}
              <span className="text-xs font-normal text-slate-500"> credits</span>
            </Named>
            <Named name={TIME}>
              <CallTime unixSeconds={call.call_timestamp} />
            </Named>
            <Named name={DURATION} className="text-right tabular-nums">
              {formatBilledDuration(call.billed_duration)}
            </Named>
            <span className="min-w-0">
              <Named name={USER} className="whitespace-nowrap">
                {call.user}
              </Named>
              <span aria-hidden="true"> · </span>
              <Named name={CALLER_ID} className="whitespace-nowrap">
                {callerId(call.caller_id_number)}
              </Named>
            </span>
            <Named name={RATE} className="text-right whitespace-nowrap tabular-nums">
              {formatCreditsFixed(call.billing_rate)} credits/min
            </Named>
            {/* Posted after its period closed: billed in the open period, as its invoices show. */}
            {call.billed_in && <span className="col-span-2">{billedInNote(call.billed_in)}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
