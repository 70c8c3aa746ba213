import { ACTIVITY_TEXT } from '@enq/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
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

/** Users | Activity, above the screen's content; shown to the admin only (ACT-05). */
export function ActivityTabs({ tab }: { tab: ReturnType<typeof useActivityTab> }) {
  if (!tab.isAdmin) return null;
  return (
    <div role="tablist" aria-label="Users views" className="flex gap-2 border-b border-slate-200">
      <button
        type="button"
        role="tab"
        id="users-tab"
        aria-selected={!tab.activity}
        className={tabClass(!tab.activity)}
        onClick={() => tab.open('users')}
      >
        {ACTIVITY_TEXT.usersTab}
      </button>
      <button
        type="button"
        role="tab"
        id="activity-tab"
        aria-selected={tab.activity}
        className={tabClass(tab.activity)}
        onClick={() => tab.open('activity')}
      >
        {ACTIVITY_TEXT.tab}
      </button>
    </div>
  );
}
