import { useQueryClient } from '@tanstack/react-query';
import { NavLink } from '../lib/router';
import { NAV_ITEMS } from './portal-nav';
import { prepareScreen } from './screen-intent';

/** The twelve portal screens in their required order (SHELL-15); used by the sidebar and the mobile menu. */
export function SidebarNav({ label, onNavigate }: { label: string; onNavigate?: () => void }) {
  const client = useQueryClient();
  return (
    <nav aria-label={label}>
      <ul className="flex flex-col gap-0.5">
        {NAV_ITEMS.map(({ path, label: text, icon: Icon }) => (
          <li key={path}>
            <NavLink
              to={path}
              end={path === '/'}
              onClick={onNavigate}
              onPointerEnter={() => prepareScreen(client, path)}
              onTouchStart={() => prepareScreen(client, path)}
              onFocus={() => prepareScreen(client, path)}
              className={(isActive) =>
                `focus-ring-dark group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                  isActive
                    ? 'bg-white/10 text-white shadow-[inset_3px_0_0_var(--color-accent-400)]'
                    : 'text-slate-300 hover:bg-white/5 hover:text-white'
                }`
              }
            >
              {(isActive) => (
                <>
                  <Icon
                    aria-hidden="true"
                    className={`size-4.5 shrink-0 ${isActive ? 'text-accent-400' : 'text-slate-400 group-hover:text-slate-200'}`}
                  />
                  {text}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
