import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { usePathname } from '../lib/router';
import { Logo } from '../components/ui/logo';
import { SkipLink } from '../components/ui/skip-link';
import { useServices } from '../lib/services';
import { BELOW_LG_QUERY, useMediaQuery } from '../lib/use-media-query';
import { meQuery } from '../lib/session';
import { MarketingMenus } from './marketing-menus';
import { MobileMenu } from './mobile-menu';
import { SidebarNav } from './sidebar-nav';
import { AccountActions } from './account-actions';
import { RouteFallback, ScreenBoundary } from './route-fallback';
import { viewAsSession } from '../lib/view-as-token';
import { MAIN_BOX, SIDEBAR_BOX } from './shell-frame';

// Only a view-as-customer tab draws it (STAFF-09): the portal's first load does not carry it.
const ViewAsBanner = lazy(async () => ({ default: (await import('./view-as-banner')).ViewAsBanner }));

/** The signed-in shell every portal screen renders in (SHELL-13). */
export function AccountLayout({ children }: { children: ReactNode }) {
  const { config } = useServices();
  const pathname = usePathname();
  const me = useQuery({ ...meQuery, enabled: false });
  // What the stylesheet hides below lg is not drawn there at all: a phone's first render skips the
  // sidebar's links and the header's menus, which it would only build and hide.
  const narrow = useMediaQuery(BELOW_LG_QUERY);

  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      {viewAsSession() ? (
        <Suspense fallback={null}>
          <ViewAsBanner />
        </Suspense>
      ) : null}
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
          <MobileMenu />
          <a
            href={config.marketing_url}
            aria-label="enQ home"
            className="focus-ring rounded-md text-navy-900"
          >
            <Logo className="h-8" />
          </a>
          {narrow ? null : (
            <nav aria-label="Site" className="ml-6 hidden lg:block">
              <MarketingMenus />
            </nav>
          )}
          <div className="ml-auto flex items-center gap-2">
            {me.data ? (
              <span
                className="mr-2 hidden max-w-48 truncate text-sm text-slate-500 md:inline"
                title={me.data.email}
              >
                {me.data.full_name || me.data.email}
              </span>
            ) : null}
            <AccountActions look="header" />
          </div>
        </div>
      </header>
      <div className="flex">
        <aside className={SIDEBAR_BOX}>{narrow ? null : <SidebarNav label="Account" />}</aside>
        <main id="main" tabIndex={-1} className={`${MAIN_BOX} outline-none`}>
          <div className="mx-auto max-w-6xl">
            {/* One boundary per screen: a screen whose code is still loading shows its placeholders at
                once instead of leaving the last screen up, and one that fails leaves the shell. */}
            <ScreenBoundary key={pathname}>
              <Suspense fallback={<RouteFallback />}>{children}</Suspense>
            </ScreenBoundary>
          </div>
        </main>
      </div>
    </div>
  );
}
