import { USAGE_GROUPS, USAGE_TEXT, type UsageGroup } from '@enq/contract';
import { useRef, useState } from 'react';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonStatus } from '../../components/ui/skeleton';
import { UsageChart } from '../../components/ui/usage-chart';
import { UsageTopList } from '../../components/ui/usage-top-list';
import { useInView } from '../../lib/use-in-view';
import { useUsage } from './api/get-usage';
import type { CallTotalsParams } from './api/get-call-totals';

const CHART_HEIGHT = 280;

/**
 * USAGE-10: the range's credits per day against the range before, stacked by user or by line, and the
 * top users and lines, for the same range and filters as the calls above. Asked once `after` (the first
 * page of calls is in), so the calls never queue behind it, and once the panel, below them, comes into
 * the window: its answer and its chart's code are not part of the page's first load.
 */
export function UsagePanel({ range, after }: { range: CallTotalsParams; after: boolean }) {
  const [by, setBy] = useState<UsageGroup>('user');
  const panel = useRef<HTMLElement>(null);
  const inView = useInView(panel);
  const usage = useUsage({ ...range, by }, after && inView);
  return (
    <section
      ref={panel}
      aria-labelledby="usage-heading"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="usage-heading" className="text-lg font-semibold text-slate-900">
          {USAGE_TEXT.title}
        </h2>
        <div
          role="group"
          aria-label={USAGE_TEXT.groupLabel}
          className="inline-flex rounded-lg bg-slate-100 p-1"
        >
          {USAGE_GROUPS.map((group) => (
            <button
              key={group.id}
              type="button"
              aria-pressed={by === group.id}
              onClick={() => setBy(group.id)}
              className={`focus-ring rounded-md px-3 py-1.5 text-sm font-medium ${
                by === group.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {group.label}
            </button>
          ))}
        </div>
      </div>
      {usage.isError ? (
        <div className="mt-4">
          <LoadError onRetry={() => void usage.refetch()} />
        </div>
      ) : !usage.data ? (
        // Not asked yet (out of the window): a quiet placeholder, not a loading status that never ends.
        usage.fetchStatus === 'fetching' ? (
          <SkeletonStatus label="Loading usage">
            <div className="mt-4 animate-pulse rounded-lg bg-slate-100" style={{ height: CHART_HEIGHT }} />
          </SkeletonStatus>
        ) : (
          <div aria-hidden="true" className="mt-4 rounded-lg bg-slate-50" style={{ height: CHART_HEIGHT }} />
        )
      ) : usage.data.total_credits === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{USAGE_TEXT.empty}</p>
      ) : (
        <div className="mt-4 grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <UsageChart
              usage={usage.data}
              height={CHART_HEIGHT}
              // A period preset is compared with the previous billing period (USAGE-02).
              currentLabel={usage.data.previous.period ? USAGE_TEXT.thisPeriod : USAGE_TEXT.thisRange}
              previousLabel={
                usage.data.previous.period ? USAGE_TEXT.previousPeriod : USAGE_TEXT.previousRange
              }
            />
          </div>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1">
            <UsageTopList title={USAGE_TEXT.topUsers} rows={usage.data.top_users} />
            <UsageTopList title={USAGE_TEXT.topLines} rows={usage.data.top_lines} />
          </div>
        </div>
      )}
    </section>
  );
}
