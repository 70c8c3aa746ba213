import { Menu } from 'lucide-react';
import { useEffect } from 'react';
import { Logo } from '../components/ui/logo';
import { PageHeader } from '../components/ui/page-header';
import { PageSkeleton } from '../components/ui/page-skeletons';
import { Skeleton } from '../components/ui/skeleton';
import { portalPathOf } from '../lib/portal-path';
import { NAV_ITEMS } from './portal-nav';
import { loadScreen } from './screen-code';
import { MAIN_BOX, SIDEBAR_BOX, SIDEBAR_ITEM, SIDEBAR_LABEL } from './shell-frame';

/**
 * The account layout as it will look, drawn while the portal learns its config and who is signed in
 * (a token is stored, so it is most likely the portal): the header, the screens' list, and the
 * screen's title and placeholders, where AccountLayout then puts the real ones. No router yet, so
 * nothing here is a link; it is decoration, and one status says the page is loading.
 */
export function ShellSkeleton({ pathname = window.location.pathname }: { pathname?: string }) {
  const path = portalPathOf(pathname) ?? '/';
  // Once the outline is painted (the task after the next frame), fetch the screen's code, side by
  // side with config and sign-in, so it is there (or close) when the router asks for it. A failure
  // shows when the router asks again.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void loadScreen(pathname)?.catch(() => undefined));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [pathname]);
  return (
    <div className="min-h-screen bg-slate-50">
      <header
        aria-hidden="true"
        className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur"
      >
        <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
          <span className="-ml-2 inline-flex size-10 items-center justify-center text-slate-700 lg:hidden">
            <Menu className="size-6" />
          </span>
          <Logo className="h-8 text-navy-900" />
          <div className="ml-10 hidden items-center gap-8 lg:flex">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-4 w-20" />
          </div>
          <div className="ml-auto hidden items-center gap-6 lg:flex">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-4 w-20" />
          </div>
        </div>
      </header>
      <div className="flex">
        <aside aria-hidden="true" className={SIDEBAR_BOX}>
          <ul className="flex flex-col gap-0.5">
            {NAV_ITEMS.map(({ path: item, label, icon: Icon }) => (
              <li
                key={item}
                className={`${SIDEBAR_ITEM} ${
                  item === path
                    ? 'bg-white/10 text-white shadow-[inset_3px_0_0_var(--color-accent-400)]'
                    : 'text-slate-300'
                }`}
              >
                <Icon
                  className={`size-4.5 shrink-0 ${item === path ? 'text-accent-400' : 'text-slate-400'}`}
                />
                <span className={SIDEBAR_LABEL}>{label}</span>
              </li>
            ))}
          </ul>
        </aside>
        <main className={MAIN_BOX}>
          <div className="mx-auto max-w-6xl space-y-6">
            <PageHeader path={path} />
            <PageSkeleton path={path} label="Loading" />
          </div>
        </main>
      </div>
    </div>
  );
}
