import {
  CALL_COLUMNS,
  CALL_DATE_DISPLAY_FORMAT,
  CALL_DATE_STEP_MINUTES,
  CALL_NARROW_MAX_PX,
  CALL_TEXT,
  MESSAGES,
  availablePresets,
  defaultPreset,
  formatBilledDuration,
  formatCallTime,
  formatCallerId,
  formatCreditsFixed,
  presetRange,
  toUnixSeconds,
  validateCallRange,
  type CallDates,
  type CallPreset,
  type CallRangeError,
} from '@enq/contract';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { CallTotalsSkeleton, PageSkeleton } from '../../components/ui/page-skeletons';
import { SkeletonStatus, TableSkeleton } from '../../components/ui/skeleton';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { saveFile } from '../../lib/save-file';
import { downloadCalls } from './api/download-calls';
import { useCallDates } from './api/get-call-dates';
import { useCallFilters } from './api/get-call-filters';
import { useCallTotals } from './api/get-call-totals';
import { useCalls } from './api/get-calls';
import { CallTotalsRow } from './call-totals';
import {
  fromPickerDate,
  readView,
  toPickerDate,
  writeView,
  type CallHistoryView,
} from './call-history-state';
import { useMediaQuery } from '../../lib/use-media-query';

export function CallHistoryPage() {
  const dates = useCallDates();
  return (
    <div className="space-y-6">
      <PageHeader path="/call-history" />
      {dates.isPending ? (
        <PageSkeleton path="/call-history" label="Loading call history" />
      ) : dates.isError ? (
        <LoadError onRetry={() => void dates.refetch()} />
      ) : (
        <CallHistory dates={dates.data.dates} />
      )}
    </div>
  );
}

function CallHistory({ dates }: { dates: CallDates }) {
  const [params, setParams] = useSearchParams();
  const view = readView(params);

  // No range in the URL: the default preset (current period with dates, else today), without a new history entry.
  useEffect(() => {
    if (view) return;
    const preset = defaultPreset(dates);
    const range = presetRange(preset, new Date(), dates)!;
    setParams(
      writeView({ preset, from: toUnixSeconds(range.start), to: toUnixSeconds(range.end), page: 1 }),
      {
        replace: true,
      },
    );
  }, [view, dates, setParams]);

  // A bookmarked relative preset ("today", "last 7 days") means that range now, not the day it was saved:
  // the view the page opened on is replaced once by the preset's current range.
  const [opened] = useState(() => (view ? { view, fresh: freshPresetRange(view, dates) } : null));
  const stale =
    opened?.fresh && view && view.from === opened.view.from && view.to === opened.view.to
      ? opened.fresh
      : null;
  useEffect(() => {
    if (stale && view) setParams(writeView({ ...view, ...stale }), { replace: true });
  }, [stale, view, setParams]);

  if (!view || stale) return <PageSkeleton path="/call-history" label="Loading calls" />;
  // Not keyed on the range: a remount on each valid edit would close the calendar and drop the focus.
  return <CallHistoryView view={view} dates={dates} onChange={setParams} />;
}

/** The preset's current range when it differs from the one in the URL, else null. */
function freshPresetRange(view: CallHistoryView, dates: CallDates): { from: number; to: number } | null {
  const range = presetRange(view.preset, new Date(), dates);
  if (!range) return null;
  const from = toUnixSeconds(range.start);
  const to = toUnixSeconds(range.end);
  return from === view.from && to === view.to ? null : { from, to };
}

const MIN_TYPED_YEAR = 2000;
const FIRST_NUMBER_COLUMN = 4;

const labelClass = 'block text-sm font-medium text-slate-700';
const fieldClass =
  'focus-ring mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset';

function CallHistoryView({
  view,
  dates,
  onChange,
}: {
  view: CallHistoryView;
  dates: CallDates;
  onChange: (params: URLSearchParams, options?: { replace?: boolean }) => void;
}) {
  const narrow = useMediaQuery(`(max-width: ${CALL_NARROW_MAX_PX}px)`);
  const filters = useCallFilters();
  // The pickers' values while editing; an invalid pair stays here, with its message, off the URL.
  const [draft, setDraft] = useState({ start: new Date(view.from * 1000), end: new Date(view.to * 1000) });
  const [error, setError] = useState<CallRangeError | null>(null);
  const [preset, setPreset] = useState<CallPreset>(view.preset);
  // The URL changed from outside (back button, a preset): the pickers follow it.
  const [shown, setShown] = useState({ from: view.from, to: view.to, preset: view.preset });
  if (shown.from !== view.from || shown.to !== view.to || shown.preset !== view.preset) {
    setShown({ from: view.from, to: view.to, preset: view.preset });
    setDraft({ start: new Date(view.from * 1000), end: new Date(view.to * 1000) });
    setPreset(view.preset);
    setError(null);
  }
  const [downloading, setDownloading] = useState(false);
  const calls = useCalls({
    timestampFrom: view.from,
    timestampTo: view.to,
    page: view.page,
    user: view.user,
    destination: view.destination,
  });

  const totals = useCallTotals({
    timestampFrom: view.from,
    timestampTo: view.to,
    user: view.user,
    destination: view.destination,
  });

  const go = (next: Partial<CallHistoryView>, replace = false) =>
    onChange(writeView({ ...view, page: 1, ...next }), { replace });

  const choosePreset = (id: CallPreset) => {
    setPreset(id);
    const range = presetRange(id, new Date(), dates);
    if (!range) return; // custom: keep the dates, edit them by hand
    setError(null);
    go({ preset: id, from: toUnixSeconds(range.start), to: toUnixSeconds(range.end) });
  };

  // CALL-04: editing a date switches to custom.
  const editDate = (field: 'start' | 'end', picked: Date | null) => {
    // Typed key by key, "March 2, 20" already reads as a date (year 20, before 1970): the year is not
    // finished yet, so nothing changes until it is.
    if (!picked || picked.getFullYear() < MIN_TYPED_YEAR) return;
    const value = fromPickerDate(picked);
    const next = { ...draft, [field]: value };
    setDraft(next);
    setPreset('custom');
    const problem = validateCallRange(next.start, next.end, field);
    setError(problem);
    // Each keystroke or click that reads as a date is one edit of the same view: no new history entry.
    if (!problem)
      go({ preset: 'custom', from: toUnixSeconds(next.start), to: toUnixSeconds(next.end) }, true);
  };

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(
        await downloadCalls({
          timestampFrom: view.from,
          timestampTo: view.to,
          user: view.user,
          destination: view.destination,
        }),
      );
    } catch (caught) {
      toast.error(caught instanceof Error && caught.message ? caught.message : MESSAGES.genericError);
    } finally {
      setDownloading(false);
    }
  };

  const rows = calls.data?.calls ?? [];
  const totalPages = calls.data?.total_pages ?? 0;
  const loaded = calls.isSuccess;
  const empty = loaded && totalPages === 0;
  // An invalid range has no results: the previous range's rows and download would mislead.
  const showDownload = !error && (narrow || (loaded && !empty)); // decisions.md: hidden on wide screens while empty
  const showEmpty = empty && !narrow; // CALL-15

  return (
    <section aria-label="Call history" className="space-y-4">
      <div className="grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor="call-preset" className={labelClass}>
            Date range
          </label>
          <select
            id="call-preset"
            className={fieldClass}
            value={preset}
            onChange={(event) => choosePreset(event.target.value as CallPreset)}
          >
            {availablePresets(dates).map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <DateField
          id="call-start"
          label="Start date"
          value={draft.start}
          error={error?.field === 'start' ? error.message : null}
          onChange={(d) => editDate('start', d)}
        />
        <DateField
          id="call-end"
          label="End date"
          value={draft.end}
          error={error?.field === 'end' ? error.message : null}
          onChange={(d) => editDate('end', d)}
        />
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor="call-user" className={labelClass}>
              User
            </label>
            <select
              id="call-user"
              className={fieldClass}
              value={view.user ?? ''}
              onChange={(event) => go({ user: event.target.value || undefined })}
            >
              <option value="">All users</option>
              {(filters.data?.users ?? []).map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="call-destination" className={labelClass}>
              Destination
            </label>
            <select
              id="call-destination"
              className={fieldClass}
              value={view.destination ?? ''}
              onChange={(event) => go({ destination: event.target.value || undefined })}
            >
              <option value="">All lines</option>
              {(filters.data?.destinations ?? []).map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div className="flex min-h-9 items-center justify-between gap-4">
        <p className="text-sm text-slate-600" aria-live="polite">
          {!error && loaded && totalPages > 0 ? `Page ${view.page} of ${totalPages}` : ''}
        </p>
        {showDownload ? (
          <Button onClick={() => void download()} disabled={downloading}>
            <Download aria-hidden="true" className="size-4" />
            {CALL_TEXT.download}
          </Button>
        ) : null}
      </div>

      {/* Its place is kept while it loads, so the table below does not move down when it arrives. */}
      {error ? null : totals.isPending ? (
        <CallTotalsSkeleton />
      ) : totals.data && totals.data.calls > 0 ? (
        <CallTotalsRow totals={totals.data} />
      ) : null}

      {error ? null : calls.isError ? (
        <LoadError onRetry={() => void calls.refetch()} />
      ) : !loaded ? (
        <SkeletonStatus label="Loading calls">
          <TableSkeleton columns={CALL_COLUMNS.length} rows={10} rightAligned={3} />
        </SkeletonStatus>
      ) : showEmpty ? (
        <p className="rounded-xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
          {CALL_TEXT.empty}
        </p>
      ) : (
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
                    // Duration, rate and credits are numbers: right-aligned like their cells.
                    className={`px-3 py-2.5 ${index >= FIRST_NUMBER_COLUMN ? 'text-right' : 'text-left'} text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase`}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((call) => (
                <tr key={call.call_uuid} data-testid="call-row">
                  <td data-label={CALL_COLUMNS[0]} className="px-3 py-2 whitespace-nowrap">
                    {formatCallTime(call.call_timestamp)}
                  </td>
                  <td data-label={CALL_COLUMNS[1]} className="px-3 py-2">
                    {call.destination}
                  </td>
                  <td data-label={CALL_COLUMNS[2]} className="px-3 py-2">
                    {call.user}
                  </td>
                  <td data-label={CALL_COLUMNS[3]} className="px-3 py-2 whitespace-nowrap">
                    {formatCallerId(call.caller_id_number)}
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
      )}

      {!error && loaded && totalPages > 1 ? (
        <Pagination page={view.page} totalPages={totalPages} onPage={(page) => go({ page })} />
      ) : null}
    </section>
  );
}

function DateField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: Date;
  error: string | null;
  onChange: (date: Date | null) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <DatePicker
        id={id}
        selected={toPickerDate(value.getTime() / 1000)}
        onChange={onChange}
        showTimeSelect
        timeIntervals={CALL_DATE_STEP_MINUTES}
        dateFormat={CALL_DATE_DISPLAY_FORMAT}
        className={fieldClass}
        wrapperClassName="block w-full"
        ariaInvalid={error ? 'true' : 'false'}
        ariaDescribedBy={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
