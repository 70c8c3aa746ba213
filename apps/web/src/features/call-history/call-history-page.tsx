import type { CallDates } from '@enq/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from '../../lib/router';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { useCallDates } from './api/get-call-dates';
import { readView } from './call-history-opening';
import { openingView, sameView, writeView } from './call-history-state';
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
  // The router keeps onChange the same function from render to render, so the view below is not drawn
  // again when the URL changes without changing the view.
  const [params, onChange] = useSearchParams();
  const inUrl = readView(params);
  // The view the page opens on: the URL's, with a bookmarked relative preset ("today", "last 7 days")
  // brought up to today, or without a range the default preset. It shows in the first render; the URL
  // catches up after it without a new history entry, and from then on the URL holds the view.
  const [opening] = useState(() => openingView(params, dates));
  const [urlHasOpened, setUrlHasOpened] = useState(() => inUrl !== null && sameView(inUrl, opening));
  if (!urlHasOpened && inUrl && sameView(inUrl, opening)) setUrlHasOpened(true);
  useEffect(() => {
    if (!urlHasOpened) onChange(writeView(opening), { replace: true });
  }, [urlHasOpened, opening, onChange]);

  const view = urlHasOpened && inUrl ? inUrl : opening;
  return <CallHistoryView view={view} dates={dates} onChange={onChange} />;
}
