import type { CallDates } from '@enq/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { useCallDates } from './api/get-call-dates';
import { freshPresetRange, openingView, readView, writeView } from './call-history-state';
import { CallHistoryView } from './call-history-view';

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
    if (!view) setParams(writeView(openingView(params, dates)), { replace: true });
  }, [view, params, dates, setParams]);

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
