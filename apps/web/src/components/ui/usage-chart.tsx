import { formatCreditsFixed, USAGE_TEXT, type UsageResponse } from '@enq/contract';
import { lazy, Suspense } from 'react';
import { shortDay } from './usage-chart-settings';

// Recharts is large: the chart's code arrives after the page's own first paint (USAGE-09).
const UsageBars = lazy(() => import('./usage-bars'));

/**
 * A usage chart with its text alternative (USAGE-11): a summary for everyone, and the days as a list
 * for screen readers (a list, not a table: the page's table stays the calls'); the drawing itself is hidden from them.
 */
export function UsageChart({
  usage,
  height,
  totalsOnly,
  currentLabel,
  previousLabel,
}: {
  usage: UsageResponse;
  height: number;
  totalsOnly?: boolean;
  currentLabel: string;
  previousLabel: string;
}) {
  const summary = USAGE_TEXT.summary(
    formatCreditsFixed(usage.total_credits),
    formatCreditsFixed(usage.previous_total_credits),
    usage.days.length,
    previousLabel,
  );
  return (
    <figure className="min-w-0">
      <div aria-hidden="true" style={{ height }} data-testid="usage-chart">
        <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-slate-100" />}>
          <UsageBars
            usage={usage}
            height={height}
            totalsOnly={totalsOnly}
            currentLabel={currentLabel}
            previousLabel={previousLabel}
          />
        </Suspense>
      </div>
      <figcaption className="mt-2 text-xs text-slate-600">{summary}</figcaption>
      <ul className="sr-only" aria-label={USAGE_TEXT.tableCaption}>
        {usage.days.map((day) => (
          <li key={day.date}>
            {USAGE_TEXT.dayAlternative(
              shortDay(day.date),
              formatCreditsFixed(day.credits),
              previousLabel,
              formatCreditsFixed(day.previous_credits),
            )}
          </li>
        ))}
      </ul>
    </figure>
  );
}
