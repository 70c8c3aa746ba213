import { LEGAL_MENU, MARKETING_MENUS, marketingLink } from '@enq/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, type RefObject } from 'react';
import { Logo } from '../components/ui/logo';
import { useServices } from '../lib/services';
import { SidebarNav } from './sidebar-nav';
import { AccountActions } from './account-actions';

const LINK_GROUPS = [...MARKETING_MENUS, LEGAL_MENU];

/** Below `lg` the sidebar and header menus move into this drawer; Legal appears only here (SHELL-18). */
export default function MobileMenuDrawer({
  open,
  setOpen,
  trigger,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { config } = useServices();

  // The drawer is hidden at `lg` and up; an open one would keep the page scroll-locked there.
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia('(min-width: 64rem)');
    const close = () => wide.matches && setOpen(false);
    close();
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [open, setOpen]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The trigger lives outside the dialog (it loads before the drawer does).
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col bg-navy-900 text-slate-200 shadow-xl focus:outline-none lg:hidden"
        >
          <div className="flex h-16 shrink-0 items-center justify-between px-4">
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <Logo className="h-7 text-white" />
            <Dialog.Close
              aria-label="Close menu"
              className="focus-ring-dark inline-flex size-10 items-center justify-center rounded-md text-slate-300 hover:bg-white/10 hover:text-white"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          {/* The links scroll; Support and Log Out stay pinned at the bottom, in reach without scrolling. */}
          <div className="flex min-h-0 flex-1 flex-col gap-6 overflow-y-auto px-3 pb-6">
            <SidebarNav label="Account" onNavigate={() => setOpen(false)} />
            <nav
              aria-label="Site"
              className="grid grid-cols-2 gap-x-3 gap-y-5 border-t border-white/10 px-3 pt-5"
            >
              {LINK_GROUPS.map((group) => (
                <section key={group.label} aria-labelledby={`mobile-menu-${group.label}`}>
                  <h2
                    id={`mobile-menu-${group.label}`}
                    className="text-xs font-semibold tracking-wide text-slate-400 uppercase"
                  >
                    {group.label}
                  </h2>
                  <ul className="mt-2 flex flex-col gap-1">
                    {group.items.map((item) => (
                      <li key={item.anchor}>
                        <a
                          href={marketingLink(config.marketing_url, item.anchor)}
                          className="focus-ring-dark rounded text-sm text-slate-200 hover:text-white"
                        >
                          {item.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </nav>
          </div>
          <div className="flex shrink-0 flex-col gap-1 border-t border-white/10 px-3 py-4">
            <AccountActions look="menu" />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
