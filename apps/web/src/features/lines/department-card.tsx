import { formatLineNumber, formatRateNow, irsNumbers, type LineGroup } from '@enq/contract';
import { ChevronDown, Clock, Coins, Phone } from 'lucide-react';
import { useId, useState } from 'react';

/**
 * One department line: long name, the enQ number to call, the agency's own numbers, hours, its rate
 * for a call started now (the Call Rates chart shows the rest of its day), description.
 */
export function DepartmentCard({ group }: { group: LineGroup }) {
  const [open, setOpen] = useState(false);
  const descriptionId = useId();
  const headingId = useId();
  const enqNumber = formatLineNumber(group.display_number);
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {group.name_long}
      </h3>
      <dl className="mt-3 mb-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Call enQ</dt>
          <dd className="mt-1">
            <a
              href={`tel:${group.display_number}`}
              aria-label={`Call ${group.name_long} through enQ: ${enqNumber}`}
              className="focus-ring inline-flex items-center gap-2 rounded text-lg font-semibold whitespace-nowrap text-brand-700 hover:underline"
            >
              <Phone aria-hidden="true" className="size-4" />
              {enqNumber}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Agency number</dt>
          <dd className="mt-1 text-slate-800" data-testid="irs-numbers">
            {irsNumbers(group.irs_number).map((number) => (
              <span key={number} className="block whitespace-nowrap">
                {number}
              </span>
            ))}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="sr-only">Opening hours (EST)</dt>
          <dd className="flex items-center gap-2 text-slate-600">
            <Clock aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            {group.open_hours_text}
          </dd>
        </div>
        {group.rate_now === null ? null : (
          <div className="sm:col-span-2">
            <dt className="sr-only">Rate</dt>
            <dd className="flex items-center gap-2 text-slate-600" data-testid="rate-now">
              <Coins aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              {formatRateNow(group.rate_now)}
            </dd>
          </div>
        )}
      </dl>
      <div className="mt-auto border-t border-slate-100 pt-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={descriptionId}
          onClick={() => setOpen(!open)}
          className="focus-ring -mx-1 inline-flex items-center gap-1 rounded px-1 text-sm font-semibold text-brand-700 hover:text-brand-600"
        >
          About this line
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
        <p id={descriptionId} hidden={!open} className="mt-2 text-sm leading-relaxed text-slate-600">
          {group.description_long}
        </p>
      </div>
    </article>
  );
}
