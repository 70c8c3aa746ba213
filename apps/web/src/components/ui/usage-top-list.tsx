import { formatCreditsFixed, formatShare, USAGE_TEXT, type UsageRanked } from '@enq/contract';
import { useId } from 'react';

/** A ranked list of users or lines with their credits and share of the range (USAGE-04). */
export function UsageTopList({ title, rows }: { title: string; rows: UsageRanked[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h3 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <ol className="mt-2 space-y-2">
        {rows.map((row) => (
          <li key={row.name} className="text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="truncate text-slate-800" title={row.name}>
                {row.name}
              </span>
              <span className="shrink-0 text-slate-600 tabular-nums">
                {USAGE_TEXT.rankedFigures(formatCreditsFixed(row.credits), '')}
                <span className="font-semibold">{formatShare(row.share)}</span>
              </span>
            </div>
            <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
              <div
                className="h-1.5 rounded-full bg-brand-600"
                style={{ width: `${Math.min(100, row.share)}%` }}
              />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
