import { ACTIVITY_TEXT } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { useSearchParams } from '../../../lib/router';
import { meQuery } from '../../../lib/session';

/** Which view of the Users screen is open: ?view=activity is the Activity view, for the admin only. */
export function useActivityTab() {
  const [params, setParams] = useSearchParams();
  const me = useQuery(meQuery);
  const isAdmin = me.data?.is_admin === true;
  const activity = isAdmin && params.get('view') === 'activity';
  const open = (view: 'users' | 'activity') =>
    setParams(view === 'activity' ? { view } : {}, { replace: false });
  return { isAdmin, activity, open };
}

const tabClass = (on: boolean) =>
  `focus-ring -mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
    on ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'
  }`;

const VIEWS = [
  { view: 'users', label: ACTIVITY_TEXT.usersTab },
  { view: 'activity', label: ACTIVITY_TEXT.tab },
] as const;

/** The attributes of a view's panel under the tabs; none for a person who has no tabs. */
export function tabPanelProps(tab: ReturnType<typeof useActivityTab>, view: 'users' | 'activity') {
  return tab.isAdmin
    ? ({ role: 'tabpanel', id: `${view}-panel`, 'aria-labelledby': `${view}-tab` } as const)
    : {};
}

/**
 * Users | Activity, above the screen's content; shown to the admin only (ACT-05). The WAI-ARIA tabs
 * pattern: the open tab alone is in the Tab order, and the arrow keys, Home and End move between tabs,
 * opening the one they reach.
 */
export function ActivityTabs({ tab }: { tab: ReturnType<typeof useActivityTab> }) {
  if (!tab.isAdmin) return null;
  const current = tab.activity ? 1 : 0;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: VIEWS.length - 1 }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    const view = VIEWS[(next + VIEWS.length) % VIEWS.length]!.view;
    tab.open(view);
    document.getElementById(`${view}-tab`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Users views"
      className="flex gap-2 border-b border-slate-200"
      onKeyDown={onKeyDown}
    >
      {VIEWS.map(({ view, label }, i) => (
        <button
          key={view}
          type="button"
          role="tab"
          id={`${view}-tab`}
          aria-selected={i === current}
          aria-controls={`${view}-panel`}
          tabIndex={i === current ? 0 : -1}
          className={tabClass(i === current)}
          onClick={() => tab.open(view)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
