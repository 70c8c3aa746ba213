import { MESSAGES } from '@enq/contract';
import { ExternalLink, LogOut, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { buttonClass } from '../components/ui/button';
import { Logo } from '../components/ui/logo';
import { useServices } from '../lib/services';
import { useLogout } from '../lib/use-logout';

/** Staff identities land here whatever the path; the portal itself is for customers. */
export function AdminAuthPage() {
  const { config } = useServices();
  const { logOut, loggingOut } = useLogout();
  useEffect(() => {
    document.title = `${MESSAGES.adminAuthTitle} | enQ`;
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <Logo className="mx-auto h-8 text-navy-900" />
        <ShieldCheck aria-hidden="true" className="mx-auto mt-8 size-12 text-brand-600" />
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{MESSAGES.adminAuthTitle}</h1>
        <p className="mt-2 text-slate-600">{MESSAGES.adminAuthText}</p>
        <div className="mt-8 flex flex-col gap-3">
          <a href={config.admin_panel_url} className={buttonClass('primary')}>
            Go to the admin panel
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
          <button type="button" onClick={logOut} disabled={loggingOut} className={buttonClass('secondary')}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </button>
        </div>
      </div>
    </main>
  );
}
