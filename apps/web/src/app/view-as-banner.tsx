import { VIEW_AS_TEXT } from '@enq/contract';
import { Eye } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { forgetViewAs, viewAsSession } from '../lib/view-as-token';

/**
 * The banner's height as `--view-as-banner-height` on the page, while it shows: toasts rest below the
 * header, and above the page's top the banner pushes the header down by that much (it wraps on a phone).
 */
function useBannerHeightVariable() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => {
      root.setProperty('--view-as-banner-height', `${banner.getBoundingClientRect().height}px`);
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.removeProperty('--view-as-banner-height');
    };
  }, []);
  return ref;
}

/**
 * On every portal page of a view-as-customer tab (STAFF-09): whose portal this is, that it only reads,
 * and End, which forgets the view and closes the tab (opened by the console, so it may close it).
 */
export function ViewAsBanner() {
  const session = viewAsSession();
  const ref = useBannerHeightVariable();
  if (!session) return null;
  return (
    <div
      ref={ref}
      role="region"
      aria-label="View as customer"
      className="flex items-center gap-3 bg-amber-400 px-4 py-2 text-sm font-semibold text-amber-950 sm:px-6"
    >
      <Eye aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">{VIEW_AS_TEXT.banner(session.account || 'this account')}</p>
      <button
        type="button"
        onClick={() => {
          forgetViewAs();
          window.close();
          // A tab the console did not open stays open: it leaves the customer's portal instead.
          window.location.assign('/admin');
        }}
        className="focus-ring rounded-md bg-amber-950 px-3 py-1 text-xs font-semibold text-white hover:bg-amber-900"
      >
        {VIEW_AS_TEXT.end}
      </button>
    </div>
  );
}
