import { USAGE_GROUPS, USAGE_TEXT, type UsageGroup } from '@enq/contract';
import { useState } from 'react';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonStatus } from '../../components/ui/skeleton';
import { UsageChart } from '../../components/ui/usage-chart';
import { UsageTopList } from '../../components/ui/usage-top-list';
import { useIdle } from '../../lib/use-idle';
import { useUsage } from './api/get-usage';
import type { CallTotalsParams } from './api/get-call-totals';

const CHART_HEIGHT = 280;

/** The panel's id: the link at the top of the calls jumps here. */
export const USAGE_PANEL_ID = 'call-usage';

/**
 * USAGE-10: the range's credits per day against the range before, stacked by user or by line, and the
 * top users and lines, for the same range and filters as the calls above. Its answer is asked once
 * `after` (the first page of calls is in), so the calls never queue behind it, and the browser has been
 * idle since the panel mounted: the totals and top lists are there before anyone scrolls down. The
 * drawing's code comes as the chart nears the window (UsageChart), outside the page's first load.
 */
export function UsagePanel({ range, after }: { range: CallTotalsParams; after: boolean }) {
  const [by, setBy] = useState<UsageGroup>('user');
  const idle = useIdle();
  const usage = useUsage({ ...range, by }, after && idle);
  return (
    <section
      id={USAGE_PANEL_ID}
      tabIndex={-1}
      aria-labelledby="usage-heading"
      className="scroll-mt-20 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 outline-none sm:p-6"
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
        // Asked, or about to be (the first calls are still coming): the chart's place, pulsing.
        <SkeletonStatus label="Loading usage">
          <div className="mt-4 animate-pulse rounded-lg bg-slate-100" style={{ height: CHART_HEIGHT }} />
        </SkeletonStatus>
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
