import { ACTIVITY_TEXT } from '@enq/contract';
import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { TableSkeleton } from '../../../components/ui/skeleton';
import { useActivity, type ActivityFilters } from '../api/activity';
import { useDownloadActivityCsv } from '../api/activity-csv';
import { ActivityFilterBar } from './activity-filters';
import { ActivityList } from './activity-list';

/** Users > Activity: the account's log, filtered by person and kind, in pages, and as CSV (ACT-01..07). */
export function ActivityView() {
  const [filters, setFilters] = useState<ActivityFilters>({ person: '', kind: '' });
  const [page, setPage] = useState(1);
  const activity = useActivity(filters, page);
  const download = useDownloadActivityCsv();
  const data = activity.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  return (
    <section aria-labelledby="activity-heading" className="space-y-4">
      <div>
        <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
          {ACTIVITY_TEXT.title}
        </h2>
        <p className="text-sm text-slate-600">{ACTIVITY_TEXT.intro}</p>
      </div>
      <ActivityFilterBar
        filters={filters}
        people={data?.people ?? []}
        kinds={data?.kinds ?? []}
        downloading={download.isPending}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
        onDownload={() => download.mutate(filters)}
      />
      {activity.isError ? (
        <LoadError onRetry={() => void activity.refetch()} />
      ) : data ? (
        <>
          <ActivityList entries={data.entries} />
          {data.total > 0 ? (
            <div className="flex flex-col items-center gap-2">
              <p className="text-sm text-slate-600">{ACTIVITY_TEXT.pageOf(page, pages, data.total)}</p>
              {pages > 1 ? (
                <Pagination page={page} totalPages={pages} onPage={setPage} label="Activity pages" />
              ) : null}
            </div>
          ) : null}
        </>
      ) : (
        <div aria-busy="true" aria-label="Loading activity">
          <TableSkeleton rows={5} columns={3} />
        </div>
      )}
    </section>
  );
}
