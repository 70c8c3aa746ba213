import { STAFF_ROLE_LABELS } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { LogOut } from 'lucide-react';
import { Suspense, useEffect, type ReactNode } from 'react';
import { ScreenBoundary } from '../route-fallback';
import { NavLink, usePathname } from '../../lib/router';
import { LoadError } from '../../components/ui/load-error';
import { Loader } from '../../components/ui/loader';
import { Logo } from '../../components/ui/logo';
import { SkipLink } from '../../components/ui/skip-link';
import { adminMeQuery } from '../../lib/admin-api';
import { useLogout } from '../../lib/use-logout';
import { ADMIN_NAV } from './admin-nav';

/** The operator console's shell: it owns the staff member's loading and error states for every section. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const me = useQuery(adminMeQuery);
  const { logOut, loggingOut } = useLogout();
  const pathname = usePathname();
  useEffect(() => {
    document.title = 'Operator console | enQ';
  }, []);

  if (me.isPending) return <Loader fullScreen />;
  if (me.isError) return <LoadError fullScreen onRetry={() => void me.refetch()} />;
  const nav = ADMIN_NAV.filter((item) => me.data.permissions.includes(item.permission));

  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
          <Logo className="h-8 text-navy-900" />
          {/* On a phone the section links below the header say where this is; the label would crowd Logout. */}
          <span className="hidden rounded-md bg-navy-900 px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase sm:inline">
            Operator console
          </span>
          <div className="ml-auto flex min-w-0 items-center gap-3">
            <span className="hidden min-w-0 truncate text-sm text-slate-600 sm:inline" title={me.data.email}>
              {me.data.full_name}
            </span>
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">
              {STAFF_ROLE_LABELS[me.data.role]}
            </span>
            <button
              type="button"
              onClick={logOut}
              disabled={loggingOut}
              className="focus-ring inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              <LogOut aria-hidden="true" className="size-4" />
              Logout
            </button>
          </div>
        </div>
        <nav
          aria-label="Console"
          className="flex gap-1 overflow-x-auto border-t border-slate-100 px-2 py-1 lg:hidden"
        >
          {nav.map((item) => (
            <AdminNavLink key={item.to} {...item} compact />
          ))}
        </nav>
      </header>
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-60 shrink-0 bg-navy-900 px-3 py-6 lg:block">
          <nav aria-label="Console sections" className="flex flex-col gap-1">
            {nav.map((item) => (
              <AdminNavLink key={item.to} {...item} />
            ))}
          </nav>
        </aside>
        <main
          id="main"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-8"
        >
          <div className="mx-auto max-w-6xl">
            <ScreenBoundary key={pathname}>
              <Suspense fallback={<Loader />}>{children}</Suspense>
            </ScreenBoundary>
          </div>
        </main>
      </div>
    </div>
  );
}

function AdminNavLink({
  to,
  label,
  icon: Icon,
  compact = false,
}: (typeof ADMIN_NAV)[number] & { compact?: boolean }) {
  return (
    <NavLink
      to={to}
      end={to === '/admin'}
      className={(isActive) =>
        clsx(
          'focus-ring flex shrink-0 items-center gap-2 rounded-md text-sm font-medium',
          compact ? 'px-3 py-2' : 'px-3 py-2.5',
          compact
            ? isActive
              ? 'bg-brand-50 text-brand-700'
              : 'text-slate-600 hover:bg-slate-100'
            : isActive
              ? 'bg-white/10 text-white'
              : 'text-slate-300 hover:bg-white/5 hover:text-white',
        )
      }
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </NavLink>
  );
}
