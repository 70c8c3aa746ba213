import { LifeBuoy, LogOut } from 'lucide-react';
import { useServices } from '../lib/services';
import { useLogout } from '../lib/use-logout';

const LOOKS = {
  header: {
    item: 'focus-ring hidden items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60 lg:inline-flex',
    icon: 'size-4 text-slate-500',
  },
  menu: {
    item: 'focus-ring-dark flex items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-200 hover:bg-white/5 hover:text-white disabled:opacity-60',
    icon: 'size-4.5 text-slate-400',
  },
} as const;

/** The Support link and the Log Out button, as the header (wide screens) or the mobile menu shows them. */
export function AccountActions({ look }: { look: keyof typeof LOOKS }) {
  const { config } = useServices();
  const { logOut, loggingOut } = useLogout();
  const { item, icon } = LOOKS[look];
  return (
    <>
      <a href={config.support_url} className={item}>
        <LifeBuoy aria-hidden="true" className={icon} />
        Support
      </a>
      <button type="button" onClick={logOut} disabled={loggingOut} className={item}>
        <LogOut aria-hidden="true" className={icon} />
        Log Out
      </button>
    </>
  );
}
