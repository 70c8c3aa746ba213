import {
  CALL_COLUMNS,
  CALL_TEXT,
  MESSAGES,
  presetRange,
  USAGE_TEXT,
  toUnixSeconds,
  validateCallRange,
  type CallDates,
  type CallPreset,
  type CallRangeError,
} from '@enq/contract';
import { CALL_NARROW_MAX_PX } from './call-history-settings';
import { ArrowDown, Download } from 'lucide-react';
import { memo, useState } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { fieldErrorId } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { CallTotalsSkeleton } from '../../components/ui/screen-skeletons';
import { SkeletonStatus, TableSkeleton } from '../../components/ui/skeleton';
import { Pagination } from '../../components/ui/pagination';
import { saveFile } from '../../lib/save-file';
import { useMediaQuery } from '../../lib/use-media-query';
import { downloadCalls } from './api/download-calls';
import { useCallTotals } from './api/get-call-totals';
import { useCalls } from './api/get-calls';
import { CallFilters } from './call-filters';
import { callsParams, totalsParams, type CallHistoryView as View } from './call-history-opening';
import { fromPickerDate, sameView, writeView } from './call-history-state';
import { CallTotalsRow } from './call-totals';
import { CallsTable } from './calls-table';
import { USAGE_PANEL_ID, UsagePanel } from './usage-panel';
import { preloadUsageChart } from '../../components/ui/usage-chart';

const MIN_TYPED_YEAR = 2000;

type ViewProps = {
  view: View;
  dates: CallDates;
  onChange: (params: URLSearchParams, options?: { replace?: boolean }) => void;
};

/**
 * The filters, totals and one page of calls for the range in the URL. Drawn again only when the view
 * changes: a navigation that writes the same view (the URL catching up with the opening view) is free.
 */
export const CallHistoryView = memo(
  CallHistoryViewContent,
  (before: ViewProps, after: ViewProps) =>
    sameView(before.view, after.view) && before.dates === after.dates && before.onChange === after.onChange,
);

function CallHistoryViewContent({ view, dates, onChange }: ViewProps) {
  const narrow = useMediaQuery(`(max-width: ${CALL_NARROW_MAX_PX}px)`);
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
  const calls = useCalls(callsParams(view));
  const rangeParams = totalsParams(view);
  const totals = useCallTotals(rangeParams);

  const go = (next: Partial<View>, replace = false) =>
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

  // Drawn with the answer, not deferred to a transition: bench:compare at 2026-12-07 measured the first
  // row at 0.95 of the deferred build's time, its blocking time 18 ms against 27 (docs/performance.md).
  const answer = calls.data;
  const rows = answer?.calls ?? [];
  const totalPages = answer?.total_pages ?? 0;
  const loaded = calls.isSuccess && answer !== undefined;
  const empty = loaded && totalPages === 0;
  // CALL-10: Download is shown, and only a wide screen hides it, while the range has no rows, where the
  // empty text stands instead (decisions.md); on narrow screens it is always shown (CALL-14). It asks
  // for the range in the URL, so it works before the first page arrives. While a date is invalid it is
  // disabled, described by the date's message: the previous range's file would mislead.
  const showDownload = narrow || !empty || !!error;
  const showEmpty = empty && !narrow; // CALL-15

  return (
    <section aria-label="Call history" className="space-y-4">
      <CallFilters
        dates={dates}
        preset={preset}
        draft={draft}
        error={error}
        user={view.user}
        destination={view.destination}
        onPreset={choosePreset}
        onDate={editDate}
        onUser={(user) => go({ user })}
        onDestination={(destination) => go({ destination })}
      />

      <div className="flex min-h-9 items-center justify-between gap-4">
        <div className="flex items-center gap-4">
          <p className="text-sm text-slate-600" aria-live="polite">
            {!error && loaded && totalPages > 0 ? `Page ${view.page} of ${totalPages}` : ''}
          </p>
          {error ? null : <UsageLink />}
        </div>
        {showDownload ? (
          <Button
            onClick={() => void download()}
            disabled={downloading || !!error}
            aria-describedby={error ? fieldErrorId(`call-${error.field}`) : undefined}
          >
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
        <CallsTable rows={rows} />
      )}

      {!error && loaded && totalPages > 1 ? (
        <Pagination page={view.page} totalPages={totalPages} onPage={(page) => go({ page })} />
      ) : null}

      {error ? null : <UsagePanel range={rangeParams} after={loaded} />}
    </section>
  );
}

/**
 * The usage chart sits below a page of calls (25 of them, three screens on a phone): this link, beside
 * the page count, goes there and moves the focus to it. The list stays first, as finding a call is what
 * the page is for, and a chart above it would push the calls down a screen on a phone.
 */
function UsageLink() {
  return (
    <a
      href={`#${USAGE_PANEL_ID}`}
      // Heading there: the chart's code is on its way before the jump (it loads near the window).
      onPointerEnter={preloadUsageChart}
      onFocus={preloadUsageChart}
      onClick={(event) => {
        event.preventDefault(); // the view lives in the query; a hash would add a history entry
        const panel = document.getElementById(USAGE_PANEL_ID);
        panel?.scrollIntoView({ block: 'start' });
        panel?.focus({ preventScroll: true });
      }}
      className="focus-ring inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:text-brand-600"
    >
      {USAGE_TEXT.title}
      <ArrowDown aria-hidden="true" className="size-4" />
    </a>
  );
}
