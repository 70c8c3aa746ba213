import { MARKETING_MENUS, marketingLink } from '@enq/contract';
import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useServices } from '../lib/services';

const menuId = (label: string) => `marketing-menu-${label.toLowerCase().replace(/\W+/g, '-')}`;

/**
 * Header menus into the marketing site (SHELL-17), as disclosure navigation: a button that shows a
 * list of links. Plain links need no menu-widget semantics, and this keeps a popover library out of
 * the first load of every page.
 */
export function MarketingMenus() {
  const { config } = useServices();
  const [open, setOpen] = useState<string | null>(null);
  const root = useRef<HTMLUListElement>(null);

  // React runs the effects of a click's render before the next input event is handled, so an Escape
  // pressed the moment the menu appears is heard (auth-shell.e2e.ts).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(null);
      document.getElementById(`${menuId(open)}-button`)?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  // Tabbing out of an open menu closes it.
  const closeOnLeave = (label: string) => (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setOpen((current) => (current === label ? null : current));
    }
  };

  return (
    <ul ref={root} className="flex items-center gap-1">
      {MARKETING_MENUS.map((menu) => {
        const id = menuId(menu.label);
        const expanded = open === menu.label;
        return (
          <li key={menu.label} className="relative" onBlur={closeOnLeave(menu.label)}>
            <button
              type="button"
              id={`${id}-button`}
              aria-expanded={expanded}
              aria-controls={id}
              onClick={() => setOpen(expanded ? null : menu.label)}
              className={`focus-ring inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 ${expanded ? 'bg-slate-100' : ''}`}
            >
              {menu.label}
              <ChevronDown
                aria-hidden="true"
                className={`size-4 text-slate-400 transition-transform ${expanded ? 'rotate-180' : ''}`}
              />
            </button>
            <ul
              id={id}
              hidden={!expanded}
              className="absolute top-full left-0 z-50 mt-1.5 min-w-44 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200"
            >
              {menu.items.map((item) => (
                <li key={item.anchor}>
                  <a
                    href={marketingLink(config.marketing_url, item.anchor)}
                    className="focus-ring block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700"
                  >
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
