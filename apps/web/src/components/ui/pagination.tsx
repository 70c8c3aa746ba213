import { pageLinks } from '@enq/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/**
 * The portal's one pagination: previous, up to five page numbers around the current one, next.
 * `page` is 1-based. The current page is marked for assistive technology (aria-current).
 */
export function Pagination({
  page,
  totalPages,
  onPage,
  label = 'Pagination',
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** The navigation landmark's name, when a page has more than one list. */
  label?: string;
}) {
  const link = 'focus-ring min-w-9 rounded-md px-3 py-1.5 text-sm font-medium';
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        className={`${link} text-slate-700 hover:bg-slate-100 disabled:text-slate-400`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label="Previous page"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
      </button>
      {pageLinks(page, totalPages).map((n) => (
        <button
          key={n}
          type="button"
          className={`${link} ${n === page ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n}`}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button
        type="button"
        className={`${link} text-slate-700 hover:bg-slate-100 disabled:text-slate-400`}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label="Next page"
      >
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
