import { formatCreditsFixed, USAGE_TEXT, type UsageResponse } from '@enq/contract';
import { lazy, Suspense, useRef } from 'react';
import { useNearView } from '../../lib/use-near-view';
import { shortDay } from './usage-chart-settings';

// Recharts is large (88.5 KB gzip): the drawing's code is asked when the chart comes near the window,
// or someone heads for it (Call History's Usage link), never with a screen's first load (USAGE-09).
const loadUsageBars = () => import('./usage-bars');
const UsageBars = lazy(loadUsageBars);

/** Starts fetching the chart's drawing code now: for a link that jumps to a chart. */
export function preloadUsageChart(): void {
  void loadUsageBars().catch(() => undefined);
}

/** Half a window below the fold: fetched while someone scrolls towards it, drawn when it is reached. */
const NEAR_MARGIN = '0px 0px 50% 0px';

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
  const summary = USAGE_TEXT.summary({
    credits: formatCreditsFixed(usage.total_credits),
    previous: formatCreditsFixed(usage.previous_total_credits),
    days: usage.range_days,
    daysLeft: usage.days_left,
    previousDays: usage.previous_days,
    currentLabel,
    previousLabel,
  });
  const drawing = useRef<HTMLDivElement>(null);
  const near = useNearView(drawing, NEAR_MARGIN);
  // Pulsing only while the drawing is on its way; before it is asked (far below), a still box.
  const pending = <div className="h-full animate-pulse rounded-lg bg-slate-100" />;
  const waiting = <div className="h-full rounded-lg bg-slate-50" />;
  return (
    <figure className="min-w-0">
      <div ref={drawing} aria-hidden="true" style={{ height }} data-testid="usage-chart">
        {near ? (
          <Suspense fallback={pending}>
            <UsageBars
              usage={usage}
              height={height}
              totalsOnly={totalsOnly}
              currentLabel={currentLabel}
              previousLabel={previousLabel}
            />
          </Suspense>
        ) : (
          waiting
        )}
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
