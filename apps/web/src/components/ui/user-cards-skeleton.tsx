import { cardClass, Skeleton } from './skeleton';

/** Cards drawn: a user's card is about 140 px, so five fill a phone's first screen below the toolbar. */
const CARDS = 5;

/**
 * The Users table as a phone shows it (features/users/components/row-styles.ts, phoneCard): under the
 * select-all line, cards of three lines in one frame: the select box, the name field, Edit and delete;
 * the email field at the card's width; the PIN with its change button beside the hold music.
 */
export function UserCardsSkeleton() {
  return (
    <div className={`overflow-hidden ${cardClass}`} data-skeleton-cards="">
      <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2.5">
        <Skeleton className="size-4 rounded" />
        <Skeleton className="h-3.5 w-48" />
      </div>
      {Array.from({ length: CARDS }, (_, card) => (
        <div
          key={card}
          data-skeleton-card=""
          className="grid grid-cols-[1.25rem_auto_minmax(0,1fr)_auto_auto] items-center gap-2 border-b border-slate-200 px-3 py-3 last:border-b-0"
        >
          <Skeleton className="size-4 rounded" />
          <Skeleton className="col-[2/4] h-8 rounded-lg" />
          <Skeleton className="size-8" />
          <Skeleton className="size-8" />
          <Skeleton className="col-[2/6] h-8 rounded-lg" />
          <div className="col-[2/3] flex items-center gap-1">
            <Skeleton className="h-3.5 w-20" />
            <Skeleton className="size-8" />
          </div>
          <Skeleton className="col-[3/6] h-8 rounded-lg" />
        </div>
      ))}
    </div>
  );
}
