import { USAGE_OVERVIEW_TOP, USAGE_TEXT, type SubscriptionInfo } from '@enq/contract';
import { ArrowRight } from 'lucide-react';
import { Link } from '../../../lib/router';
import { SkeletonStatus } from '../../../components/ui/skeleton';
import { UsageChart } from '../../../components/ui/usage-chart';
import { UsageTopList } from '../../../components/ui/usage-top-list';
import { useIdle } from '../../../lib/use-idle';
import { usePeriodUsage } from '../api/get-period-usage';

const CHART_HEIGHT = 180;

/** USAGE-09: this period's credits per day against the previous period, the top 3 users, and a way on. */
export function UsageCard({ info }: { info: SubscriptionInfo }) {
  if (!info.period_start || !info.period_end) return null;
  return <PeriodUsage start={info.period_start} end={info.period_end} />;
}

/** The period's last second is the one before its end, as Call History's period preset takes it. */
const seconds = (iso: string) => new Date(iso).getTime() / 1000;

function PeriodUsage({ start, end }: { start: string; end: string }) {
  // The answer (small) after the summary's paint, once the browser is idle, so the totals and top users
  // are there when scrolled to; the chart's drawing code as it nears the window (UsageChart).
  const idle = useIdle();
  const usage = usePeriodUsage(
    { timestampFrom: Math.floor(seconds(start)), timestampTo: Math.ceil(seconds(end)) - 1 },
    idle,
  );
  // A failed answer: the overview goes on without the card.
  if (usage.isError) return null;
  return (
    <section
      aria-labelledby="usage-card-heading"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="usage-card-heading" className="text-sm font-medium text-slate-500">
          {USAGE_TEXT.overviewTitle}
        </h2>
        <Link
          to="/call-history"
          className="focus-ring inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:text-brand-600"
        >
          {USAGE_TEXT.seeCallHistory}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {!usage.data ? (
        // Asked, or about to be (the browser is still busy with the summary): the chart's place, pulsing.
        <SkeletonStatus label="Loading usage">
          <div className="mt-4 animate-pulse rounded-lg bg-slate-100" style={{ height: CHART_HEIGHT }} />
        </SkeletonStatus>
      ) : usage.data.total_credits === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{USAGE_TEXT.emptyPeriod}</p>
      ) : (
        <div className="mt-4 space-y-5">
          <UsageChart
            usage={usage.data}
            height={CHART_HEIGHT}
            totalsOnly
            currentLabel={USAGE_TEXT.thisPeriod}
            // A first period has no period before it: the days before it are a range, and say so.
            previousLabel={usage.data.previous.period ? USAGE_TEXT.previousPeriod : USAGE_TEXT.previousRange}
          />
          <UsageTopList
            title={USAGE_TEXT.topUsers}
            rows={usage.data.top_users.slice(0, USAGE_OVERVIEW_TOP)}
          />
        </div>
      )}
    </section>
  );
}
