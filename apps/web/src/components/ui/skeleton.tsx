import type { CSSProperties, ReactNode } from 'react';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';

/**
 * Placeholders shaped like the content on its way, so the page keeps its layout while it loads and
 * nothing jumps when the data arrives. The bars are decoration: one status names what is loading.
 */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      data-skeleton=""
      className={`bg-slate-200/80 ${className.includes('rounded-') ? '' : 'rounded-md'} ${className}`}
    />
  );
}

/**
 * The one thing a screen reader hears while the placeholders show. The placeholders pulse as one:
 * a single animated layer, not hundreds, keeps the main thread free while the page loads.
 */
export function SkeletonStatus({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      aria-label={label}
      aria-busy="true"
      className={`animate-pulse motion-reduce:animate-none ${className}`}
    >
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

export const cardClass = 'rounded-xl bg-white shadow-sm ring-1 ring-slate-200';

/** Text-like bars of varied length, the same on every render (no random widths). */
const WIDTHS = ['w-3/4', 'w-1/2', 'w-5/6', 'w-2/3', 'w-2/5', 'w-4/5'];
export const barWidth = (i: number) => WIDTHS[i % WIDTHS.length]!;
const FIXED_WIDTHS = ['w-28', 'w-36', 'w-24', 'w-32', 'w-20', 'w-40'];
const fixedWidth = (i: number) => FIXED_WIDTHS[i % FIXED_WIDTHS.length]!;

/** A labelled input: label bar above a field-high box. */
export function FieldSkeleton({ className = '' }: { className?: string }) {
  return (
    <div className={`space-y-2 ${className}`}>
      <Skeleton className="h-3.5 w-24" />
      <Skeleton className="h-9 w-full rounded-lg" />
    </div>
  );
}

/** Small figure tiles (a label over a number), as the overview and subscription summaries show. */
export function StatTilesSkeleton({ count, className = '' }: { count: number; className?: string }) {
  return (
    <div className={`grid gap-3 ${count === 4 ? 'sm:grid-cols-4' : 'sm:grid-cols-3'} ${className}`}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="space-y-2 rounded-lg bg-slate-50 p-4">
          <Skeleton className="h-3 w-20" />
          <Skeleton className="h-6 w-28" />
          <Skeleton className="h-3 w-24" />
        </div>
      ))}
    </div>
  );
}

/** Cards a phone's placeholder draws: about a first screen's worth, whatever the rows on a wide one. */
const PHONE_CARDS = 3;

/**
 * A stack-table's rows as a phone shows them (styles.css .stack-table): one frame holding cards split by
 * lines, each card a row with one label-and-value line per column, 28 px each like the cells.
 */
function StackCardsSkeleton({ lines }: { lines: number }) {
  return (
    <div className={`divide-y divide-slate-100 overflow-hidden ${cardClass}`} data-skeleton-cards="">
      {Array.from({ length: PHONE_CARDS }, (_, card) => (
        <div key={card} data-skeleton-card="" className="px-4 py-3">
          {Array.from({ length: lines }, (_, line) => (
            <div key={line} data-skeleton-line="" className="flex h-7 items-center justify-between gap-4">
              <Skeleton className="h-3 w-20" />
              <Skeleton className={`h-3.5 ${fixedWidth(card * 2 + line)}`} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * A table's placeholder: header and rows on wide screens; on a phone (PHONE_QUERY), where tables read
 * as cards, the cards: `phone` when the table draws its own, else a stack-table's label-and-value lines.
 * Only the one that shows is drawn.
 */
export function TableSkeleton({
  columns,
  rows = 8,
  rightAligned = 0,
  phone,
}: {
  columns: number;
  rows?: number;
  /** How many trailing columns hold numbers (their bars sit on the right, like the cells). */
  rightAligned?: number;
  /** The phone's cards, for a table whose rows are not stack-table cards (Users). */
  phone?: ReactNode;
}) {
  const grid: CSSProperties = { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` };
  const align = (col: number) => (col >= columns - rightAligned ? 'justify-self-end' : '');
  const narrow = useMediaQuery(PHONE_QUERY);
  if (narrow) return phone ?? <StackCardsSkeleton lines={columns} />;
  return (
    <div className={`overflow-hidden ${cardClass}`} data-skeleton-table="">
      <div className="grid gap-4 border-b border-slate-200 bg-slate-50 px-3 py-3.5" style={grid}>
        {Array.from({ length: columns }, (_, col) => (
          <Skeleton key={col} className={`h-3 w-16 bg-slate-200 ${align(col)}`} />
        ))}
      </div>
      {Array.from({ length: rows }, (_, row) => (
        <div
          key={row}
          data-skeleton-row=""
          className="grid h-14 items-center gap-4 border-b border-slate-100 px-3 last:border-b-0"
          style={grid}
        >
          {Array.from({ length: columns }, (_, col) => (
            <Skeleton key={col} className={`h-3.5 ${barWidth(row + col)} ${align(col)}`} />
          ))}
        </div>
      ))}
    </div>
  );
}
