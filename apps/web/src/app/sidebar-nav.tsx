import { useQueryClient } from '@tanstack/react-query';
import { NavLink } from '../lib/router';
import { PORTAL_ROUTES } from '../lib/portal-routes';
import { prepareScreen } from './screen-intent';
import { SIDEBAR_ITEM, SIDEBAR_LABEL } from './shell-frame';

/** The twelve portal screens in their required order (SHELL-15); used by the sidebar and the mobile menu. */
export function SidebarNav({ label, onNavigate }: { label: string; onNavigate?: () => void }) {
  const client = useQueryClient();
  return (
    <nav aria-label={label}>
      <ul className="flex flex-col gap-0.5">
        {PORTAL_ROUTES.map(({ path, label: text, icon: Icon }) => (
          <li key={path}>
            <NavLink
              to={path}
              end={path === '/'}
              onClick={onNavigate}
              onPointerEnter={() => prepareScreen(client, path)}
              onTouchStart={() => prepareScreen(client, path)}
              onFocus={() => prepareScreen(client, path)}
              className={(isActive) =>
                `focus-ring-dark group ${SIDEBAR_ITEM} transition-colors ${
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
                  <span className={SIDEBAR_LABEL}>{text}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
