import { MARKETING_MENUS, marketingLink } from '@enq/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { useServices } from '../lib/services';

/** Header menus into the marketing site (SHELL-17). */
export function MarketingMenus() {
  const { config } = useServices();
  return (
    <ul className="flex items-center gap-1">
      {MARKETING_MENUS.map((menu) => (
        <li key={menu.label}>
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger className="focus-ring inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100">
              {menu.label}
              <ChevronDown aria-hidden="true" className="size-4 text-slate-400" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="start"
                sideOffset={6}
                className="z-50 min-w-44 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200"
              >
                {menu.items.map((item) => (
                  <DropdownMenu.Item key={item.anchor} asChild>
                    <a
                      href={marketingLink(config.marketing_url, item.anchor)}
                      className="block rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-highlighted:bg-brand-50 data-highlighted:text-brand-700"
                    >
                      {item.label}
                    </a>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </li>
      ))}
    </ul>
  );
}
